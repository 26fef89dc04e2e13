"""The board page: a Telegram Mini App (and a signed link for Discord and browsers) to play a turn by touching
checkers. `page.BoardPage` runs it inside `tabla run`; `server.make_app` builds the aiohttp application. This
package hands on no names, so the service can use `links` without loading the server."""
