"""rendercrawl's shell: every `rendercrawl` command, the process runners, the demo, the one
orchestrator (`rendercrawl.crawl.crawl_url`) that hands a page from render to extraction to
storage, and the HTTP service (`rendercrawl.service`). Nothing is imported here, so importing the
service loads nothing of the command line."""
