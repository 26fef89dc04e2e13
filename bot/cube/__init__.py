"""The doubling cube in the bot (RULES.md §13): `table` holds one row per `game.CubeAction` (its button, its
words, its command's help) with the prompt, the buttons and the cube line every front end shows; `answers`
holds the four commands (roll, double, take, drop) that the chat commands, the buttons and the page run.

Adding an answer (a beaver, say) is one `game.CubeAction` member, one transition in `game.Game.act` and one
row of `table.ROWS`."""
