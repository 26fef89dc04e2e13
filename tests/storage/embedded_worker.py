"""A process using the embedded server: `python -m tests.storage.embedded_worker <data dir> <action>`.

Actions: `write` (count one result in the ratings, then exit normally), `read` (print the rating), `hold`
(write, print `ready`, then wait to be killed).
"""

from __future__ import annotations

import asyncio
import sys

from storage import connect


async def main(data_dir: str, action: str) -> None:
    store = await connect(data_dir=data_dir)
    try:
        if action in ("write", "hold"):
            await store.ratings.record("tawula", action, {"ann": 10})
        print(await store.ratings.rating("tawula", "ann"), flush=True)
        if action == "hold":
            print("ready", flush=True)
            await asyncio.sleep(60)
    finally:
        await store.aclose()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
