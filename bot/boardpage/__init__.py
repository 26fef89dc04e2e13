"""What the service and the chat adapters need of the board page, below the service: its links and their
signatures (`links`, `auth`), its words (`words`), and the values the page sees the service through (`view`:
`Visitor`, `PageView`), built by the job `viewing`. The page's server (`bot.web`) sits above the service and
reaches it only through `bot.web.seam.PageSeam`. This package hands on no names."""
