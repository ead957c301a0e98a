"""The shell: every `rendercrawl` command, the process runners, the demo, and the one
orchestrator (`app.crawl.crawl_url`) that hands a page from render to extraction to storage."""
