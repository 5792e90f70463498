"""The theme's templates compiled once per process, not once per language.

mkdocs-static-i18n builds each language with a fresh Jinja environment (``theme.get_env()``), so
every build of the site compiled Material's templates four times, a quarter of the build's CPU.
The compiled code does not depend on the language (a template asks for its words while it
renders), so ``on_env`` gives each environment one in-memory bytecode cache for the process.
Jinja keys an entry by the template's name and file and checks it against a hash of the
template's source, so a template edited under ``mkdocs serve`` is compiled again.
"""

from __future__ import annotations

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket


class MemoryBytecodeCache(BytecodeCache):
    """Jinja's bytecode cache in a dict (jinja2.bccache: ``load_bytecode`` / ``dump_bytecode``)."""

    def __init__(self) -> None:
        self.buckets: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self.buckets.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.buckets[bucket.key] = bucket.bytecode_to_string()

    def clear(self) -> None:
        self.buckets.clear()


CACHE = MemoryBytecodeCache()


def on_env(env, config, files):
    env.bytecode_cache = CACHE
    return env
