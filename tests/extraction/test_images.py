"""Dominant image: cXenseParse:image, og:image, then the visually dominant rendered image;
sizes from the image as it loaded."""

from __future__ import annotations

from extraction.document import parse
from extraction.images import dominant_image
from tests.extraction.fieldpages import box, doc, image, meta, page
from values.profile import DominantImage

CX = meta("cXenseParse:image", "https://cdn.example.com/cx.jpg", "property")
OG = meta("og:image", "https://cdn.example.com/og.jpg", "property")


def test_cxenseparse_image_wins_over_og_image():
    assert dominant_image(doc(CX + OG)).found.source == "cxenseparse:image"


def test_og_image_wins_over_rendered():
    page_doc = doc(OG, '<article><h1>H</h1><img data-rc-id="5" src="big.jpg"></article>',
                   images=(image(5, "https://www.example.com/news/2024/05/big.jpg", 800, 450),))
    found = dominant_image(page_doc).found
    assert (found.value.url, found.source) == ("https://cdn.example.com/og.jpg", "og:image")


def test_declared_image_takes_its_size_from_the_loaded_image():
    loaded = image(3, "https://cdn.example.com/og.jpg", 640, 360, natural=(1200, 675))
    found = dominant_image(doc(OG, '<img data-rc-id="3" src="https://cdn.example.com/og.jpg">', images=(loaded,))).found
    assert found.value == DominantImage("https://cdn.example.com/og.jpg", 1200, 675)


def test_declared_image_not_loaded_has_no_size():
    assert dominant_image(doc(OG)).found.value == DominantImage("https://cdn.example.com/og.jpg", None, None)


def test_non_http_declared_image_falls_through_and_is_recorded_as_rejected():
    choice = dominant_image(doc(meta("og:image", "data:image/png;base64,xx", "property")))
    assert choice.found is None
    assert [(r.field, r.value, r.reason) for r in choice.rejections] == [
        ("image", "data:image/png;base64,xx", "og:image: not an http(s) URL")]


ARTICLE = (
    '<header><img data-rc-id="1" src="/logo.png"></header>'
    '<article data-rc-id="2"><h1>Headline</h1><img data-rc-id="3" src="/lead.jpg">'
    '<p>Story</p><img data-rc-id="4" src="/pixel.gif"></article>'
    '<aside><img data-rc-id="6" src="/promo.jpg"></aside>'
)
BASE = "https://www.example.com"


def test_largest_visible_content_image_is_dominant():
    images = (
        image(1, f"{BASE}/logo.png", 300, 120),
        image(3, f"{BASE}/lead.jpg", 640, 360, natural=(1280, 720)),
        image(4, f"{BASE}/pixel.gif", 1, 1, natural=(1, 1)),
        image(6, f"{BASE}/promo.jpg", 700, 400),
    )
    found = dominant_image(doc("", ARTICLE, images=images)).found
    assert (found.value, found.source) == (DominantImage(f"{BASE}/lead.jpg", 1280, 720), "rendered")


def test_hidden_tiny_banner_and_overlay_images_are_never_dominant():
    body = ('<article><h1>H</h1><img data-rc-id="1" src="/a.jpg"><img data-rc-id="2" src="/b.jpg">'
            '<img data-rc-id="3" src="/c.jpg"><div data-rc-id="9"><img data-rc-id="4" src="/d.jpg"></div></article>')
    images = (
        image(1, f"{BASE}/a.jpg", 900, 500, visible=False),
        image(2, f"{BASE}/b.jpg", 90, 90),
        image(3, f"{BASE}/c.jpg", 970, 90),
        image(4, f"{BASE}/d.jpg", 600, 400),
    )
    assert dominant_image(doc("", body, images=images, boxes={4: box(overlay=True)})).found is None


def test_image_in_the_article_beats_a_slightly_larger_one_elsewhere():
    body = ('<div class="rail"><img data-rc-id="1" src="/rail.jpg"></div>'
            '<article><h1>H</h1><img data-rc-id="2" src="/story.jpg"></article>')
    images = (image(1, f"{BASE}/rail.jpg", 700, 400), image(2, f"{BASE}/story.jpg", 600, 340))
    assert dominant_image(doc("", body, images=images)).found.value.url == f"{BASE}/story.jpg"


def test_static_page_uses_the_first_article_image_that_is_not_furniture():
    body = ('<article><h1>H</h1><img src="/icons/share.png"><img src="/small.jpg" width="40" height="40">'
            '<img src="/photo.jpg" width="800" height="450"></article>')
    found = dominant_image(doc("", body)).found
    assert (found.value, found.source) == (DominantImage(f"{BASE}/photo.jpg"), "html")


def test_declared_image_never_shown_takes_the_probed_size_and_says_so():
    from dataclasses import replace

    from extraction.images import dominant_image
    from values.rendered import ProbedImage

    url = "https://www.example.com/lead.jpg"
    base = page(meta("og:image", url, "property"))
    probed = replace(base, probed_image=ProbedImage(url=url, width=1200, height=675, method="fetch"))
    found = dominant_image(parse(probed)).found
    assert (found.value.width, found.value.height, found.source) == (1200, 675, "og:image;size=probe:fetch")
    other = replace(base, probed_image=ProbedImage(url=url + "?v=2", width=10, height=10, method="img"))
    assert dominant_image(parse(other)).found.value.width is None


def test_probe_result_round_trips_in_the_snapshot_json():
    from dataclasses import replace

    from render.imageprobe import probed_from
    from values.rendered import RenderedPage

    probed = probed_from("https://www.example.com/a.jpg", {"width": 800, "height": 600, "method": "img"})
    snapshot = replace(page(), probed_image=probed)
    assert RenderedPage.from_json(snapshot.to_json()).probed_image == probed
    assert probed_from("https://www.example.com/a.jpg", {"refused": "too large"}) is None
    assert probed_from("https://www.example.com/a.jpg", {"width": 0, "height": 5, "method": "img"}) is None
