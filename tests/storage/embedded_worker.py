"""A process using the embedded server: `python -m tests.storage.embedded_worker <data dir> <action>`.

Actions: `write` (apply one result to the ratings, then exit normally), `read` (print the rating), `hold`
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
            await store.ratings.apply("tawula", f"m:{action}", ("ann", "bob"), 1, 1.0, ended=1.0)  # ann +10
        print((await store.ratings.get("tawula", "ann")).rating, flush=True)
        if action == "hold":
            print("ready", flush=True)
            await asyncio.sleep(60)
    finally:
        await store.aclose()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
