"""The web table: an authoritative game server with a lobby, storage and bots.

``app.create_app(Settings(...))`` builds the ASGI application; ``gangland serve`` runs it
with uvicorn. See ``docs/web.md`` for the protocol.
"""
