"""QR codes that open a public page: an SVG file for the pages, the same drawing inline for a
printout (a PDF is printed from the page's text, so it cannot fetch an image address)."""

from __future__ import annotations

import io

import segno


def qr_svg(url: str) -> bytes:
    """An SVG file of a QR code that opens ``url`` (titled with it)."""
    image = io.BytesIO()
    segno.make(url, error="m").save(image, kind="svg", scale=8, title=url)
    return image.getvalue()


def qr_inline(url: str) -> str:
    """The same QR code as an ``<svg>`` element to put in a page."""
    return str(segno.make(url, error="m").svg_inline(scale=3, title=url))
