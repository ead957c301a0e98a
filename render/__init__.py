"""The browser layer: Chromium renders a URL into a serializable `RenderedPage`.

Importing this package does not import Playwright, so `extraction/` may depend on
`render.model` (the value type) without pulling in the browser.
"""

__version__ = "0.1.0"
