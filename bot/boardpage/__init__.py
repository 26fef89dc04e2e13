"""What the service and the chat adapters need of the board page, below the service: its links and their
signatures (`links`, `auth`), its words (`words`), and the values the page sees the service through (`view`:
`Visitor`, `PageView`), built by the job `viewing`; the replay's links, words and values (`replay_link`,
`replay_words`, `replay_view`), built by the job `replaying`. The page's server (`bot.web`) sits above the service and
reaches it only through `bot.web.seam.PageSeam`. This package hands on no names."""
