"""Finding (or installing) a Chromium executable and the flags it needs on a server.

Playwright's own browser download does not work everywhere (closed networks); Debian's
`chromium` packages do. Discovery order: `RENDERCRAWL_CHROMIUM`, a Playwright-managed browser,
Debian's headless shell, Debian's full Chromium; `ensure_chromium()` installs one when none is
found and says what it did.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from values.hostrules import NOT_FOUND

DEBIAN_CANDIDATES = (
    # The real binaries, not the /usr/bin shell wrappers (the headless-shell wrapper does not exec).
    Path("/usr/lib/chromium/chromium-headless-shell"),  # "old headless": ~40% less CPU per page
    Path("/usr/lib/chromium/chromium"),
)
DEBIAN_WRAPPER = Path("/usr/bin/chromium")

PAGE_HEAP_CAP_MB = 1024
"""V8 old-space cap of each renderer: a page that allocates without end (a memory bomb) crashes
its own renderer at this size, in a second or two, instead of growing for the whole navigation
timeout and pressing the machine. The heaviest pages a publisher serves use a few hundred MB."""

LAUNCH_ARGS = (
    # Playwright already passes --no-sandbox (the sandbox cannot run as root),
    # --disable-background-networking, --disable-component-update, --disable-sync, --no-first-run
    # and --disable-dev-shm-usage. What it does not pass:
    "--disable-gpu",  # no GPU on a server; avoids a GPU process per browser
    "--disable-quic",  # keep requests on TCP where resolver rules and loggers see them
    "--mute-audio",
    "--disable-notifications",
    "--disable-domain-reliability",  # no beacons to Google about failed requests
    f"--js-flags=--max-old-space-size={PAGE_HEAP_CAP_MB}",
    # WebRTC may send UDP past the proxy (STUN, peer connections): only proxied traffic leaves.
    "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
)

PLAYWRIGHT_ARGS_DROPPED = ("--disable-ipc-flooding-protection",)
"""Playwright's default flags that a crawler must not have. Playwright switches off Chromium's
navigation rate limiter (a frame gets 200 history or location changes per 10 s; later ones are
ignored with a console warning) for its test suites; without it a page that lengthens its URL
step by step with `history.replaceState` sends every version through the browser process, the
driver and the worker, a cost that grows with the square of the length (2,000 steps of 100
characters, to 200,000: 15 s of a render instead of 1.7 s here, docs/lab/2026-12-04-s18-soak.md)."""

CHROMIUM_RESOLVES_NOTHING = "MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
"""Every request goes through the egress proxy (`render/egress.py`), which resolves names and
applies the policy; Chromium itself may reach only the proxy on loopback. Should anything find
a way past the proxy (a prefetch, a preconnect), its name resolves nowhere."""

SILENT_HOSTS = (
    "update.googleapis.com", "*.gvt1.com", "clients2.google.com", "clients1.google.com",
    "optimizationguide-pa.googleapis.com", "accounts.google.com", "safebrowsing.googleapis.com",
)
"""Google service hosts full Chromium calls on its own; resolved to nothing so a closed network
does not cost retries and an open one sees no traffic the page did not ask for."""


PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding",
    "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect", "TcpPortRandomizationWin",
    "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch",
    "msForceBrowserSignIn", "msEdgeUpdateLaunchServicesPreferredVersion",
)
"""Playwright's own `--disable-features` list (driver `chromiumSwitches.ts`). The flag is
last-one-wins, so adding ours must repeat it; a test compares it with the installed driver."""

FULL_CHROMIUM_DISABLED_FEATURES = (
    # Full Chromium starts 3 renderers per new context (page, WebUI preload, spare renderer)
    # without these: ~410-500 ms CPU per page instead of ~820-1140 ms (reference, 2026-11-29).
    "InitialWebUI", "WebUIToolbarProcessOverheadExperiment", "PreloadTopChromeWebUI",
    "WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "SpareRendererForSitePerProcess",
)
HEADLESS_SHELL_NAME = "chromium-headless-shell"


class ChromiumNotFound(RuntimeError):
    """No usable Chromium; the message says exactly what the user can do."""


def find_chromium(configured: str | None = None) -> Path:
    """The executable to launch, in the documented order."""
    configured = configured or os.environ.get("RENDERCRAWL_CHROMIUM")
    if configured:
        path = Path(configured)
        if path.is_file() and os.access(path, os.X_OK):
            return path
        raise ChromiumNotFound(f"RENDERCRAWL_CHROMIUM={configured} is not an executable file")
    managed = _playwright_managed()
    if managed is not None:
        return managed
    for path in DEBIAN_CANDIDATES:
        if path.is_file() and os.access(path, os.X_OK):
            return path
    if DEBIAN_WRAPPER.exists():
        return DEBIAN_WRAPPER
    raise ChromiumNotFound(
        "no Chromium found. Run `rendercrawl doctor --install` (tries `apt-get install -y chromium "
        "chromium-headless-shell` as root, else `python -m playwright install chromium`), or set "
        "RENDERCRAWL_CHROMIUM to a Chromium executable."
    )


def _playwright_managed() -> Path | None:
    """A browser Playwright downloaded itself (`playwright install chromium`), if any."""
    root = Path(os.environ.get("PLAYWRIGHT_BROWSERS_PATH") or Path.home() / ".cache" / "ms-playwright")
    if not root.is_dir():
        return None
    patterns = (
        "chromium_headless_shell-*/chrome-*/headless_shell",
        "chromium_headless_shell-*/chrome-*/chrome-headless-shell",
        "chromium-*/chrome-linux*/chrome",
    )
    for pattern in patterns:
        found = sorted(root.glob(pattern), reverse=True)
        if found:
            return found[0]
    return None


def ensure_chromium(configured: str | None = None, log=print) -> Path:
    """Find a Chromium, installing one when there is none; report what was done."""
    try:
        return find_chromium(configured)
    except ChromiumNotFound:
        if configured or os.environ.get("RENDERCRAWL_CHROMIUM"):
            raise
    if _can_apt():
        log("rendercrawl: no Chromium found; installing Debian's chromium packages with apt-get")
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        subprocess.run(["apt-get", "update", "-qq"], check=False, env=env)
        result = subprocess.run(
            ["apt-get", "install", "-y", "-qq", "chromium", "chromium-headless-shell"], env=env, check=False)
        if result.returncode == 0:
            return find_chromium()
        log("rendercrawl: apt-get install failed; trying Playwright's download")
    log("rendercrawl: installing Chromium with `python -m playwright install chromium`")
    result = subprocess.run([sys.executable, "-m", "playwright", "install", "chromium"], check=False)
    if result.returncode == 0:
        return find_chromium()
    raise ChromiumNotFound(
        "could not install Chromium. As root on Debian/Ubuntu: `apt-get install -y chromium "
        "chromium-headless-shell`; elsewhere: `python -m playwright install chromium`; or set "
        "RENDERCRAWL_CHROMIUM to an existing Chromium executable."
    )


def _can_apt() -> bool:
    return os.geteuid() == 0 and shutil.which("apt-get") is not None


def launch_args(executable: Path | None = None) -> list[str]:
    """Flags for a headless Chromium on a server. The full binary (not the headless shell) also
    gets the features that cost it extra renderers."""
    args = [*LAUNCH_ARGS, "--host-resolver-rules=" + CHROMIUM_RESOLVES_NOTHING]
    if executable is not None and is_full_chromium(executable):
        features = (*PLAYWRIGHT_DISABLED_FEATURES, *FULL_CHROMIUM_DISABLED_FEATURES)
        args.append("--disable-features=" + ",".join(features))
    return args


def silent_host_rules() -> str:
    """`SILENT_HOSTS` as host rules, for the egress proxy that resolves names for Chromium."""
    return ", ".join(f"MAP {host} {NOT_FOUND}" for host in SILENT_HOSTS)


def is_full_chromium(executable: Path) -> bool:
    """The full browser, as opposed to the "old headless" shell (Debian's or Playwright's)."""
    return HEADLESS_SHELL_NAME not in executable.name and "headless_shell" not in executable.name


if __name__ == "__main__":  # `python -m render.chromium`: used by the Makefile's set-up step
    print(ensure_chromium(log=lambda message: print(message, file=sys.stderr)))
