"""The pictures the registration tests upload (tests/data/registrations)."""

from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "data" / "registrations"
CERTIFICATE = DATA / "certificate.jpg"
ID_PHOTO = DATA / "id-photo.png"
CERTIFICATE_JPEG = CERTIFICATE.read_bytes()
ID_PHOTO_PNG = ID_PHOTO.read_bytes()
