"""The board page: a Telegram Mini App (and a signed link for Discord and browsers) to play a turn by touching
checkers. `page.BoardPage` runs it inside `tabla run`; `server.make_app` builds the aiohttp application on the
service's seam (`seam.PageSeam`). What the service and the adapters need of the page lives below the service, in
`bot.boardpage`. This package hands on no names."""
