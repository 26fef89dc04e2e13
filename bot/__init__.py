"""tabla's bot: the platform-neutral game service, the command grammar and the adapters."""
