"""The terminal front end: rendering views, the interactive play loop and replays.

Everything here works from views and visible events only, so the terminal can show a
person nothing that their seat may not know.
"""
