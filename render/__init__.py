"""The browser layer: Chromium renders a URL into a serializable `RenderedPage`
(`values/rendered.py`).

Importing this package does not import Playwright, so the layers that read its settings
(`render.settings`) do not pull in the browser.
"""

__version__ = "0.1.0"
