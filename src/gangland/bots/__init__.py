"""Bots: they see observations only. Importing this package registers every bot."""

from .base import Bot, RandomBot, bot_help, bot_names, make_bot, register_bot

__all__ = ["Bot", "RandomBot", "bot_help", "bot_names", "make_bot", "register_bot"]
