"""The values every layer shares, under all of them: a URL's identity (`urls.py`), which hosts
a crawl may reach (`targets.py`, the one module here that asks the system resolver) and where
the host map sends a name (`hostrules.py`, for the browser's proxy and the plain client alike), the page
render makes and extraction reads (`rendered.py`), and the profile extraction makes and
storage keeps (`profile.py`).

Each module here imports nothing of the project's (`tests/test_layering.py` checks it), so
`render`, `extraction`, `storage`, `scheduler`, `service` and `app` can all name these values
without importing one another to reach them."""
