"""A Web Push service on loopback for the tests, written from the RFCs (not from the library
the app sends with): it takes RFC 8030 POSTs, checks the VAPID ``Authorization`` header
(RFC 8292: an ES256 JWT whose ``aud`` is this service's origin, ``exp`` within 24 hours, a
``sub``, signed by the key in ``k``) and decrypts the RFC 8291 ``aes128gcm`` body with the
subscriber's private key and auth secret — what a browser does. A subscription made with
``fail_first=n`` answers 500 to its first n messages (a push service having trouble)."""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import hmac
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM


def b64decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _hmac(key: bytes, data: bytes) -> bytes:
    return hmac.new(key, data, hashlib.sha256).digest()


@dataclasses.dataclass
class Subscription:
    """What a browser keeps: its key pair, its auth secret, and its endpoint here."""

    name: str
    private: ec.EllipticCurvePrivateKey
    auth: bytes
    endpoint: str
    fail_first: int = 0
    received: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    refused: int = 0

    @property
    def public_bytes(self) -> bytes:
        return self.private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )

    def as_json(self) -> dict[str, Any]:
        """``PushSubscription.toJSON()`` as a browser gives it."""
        return {
            "endpoint": self.endpoint,
            "expirationTime": None,
            "keys": {"p256dh": b64encode(self.public_bytes), "auth": b64encode(self.auth)},
        }

    def decrypt(self, body: bytes) -> bytes:
        """RFC 8291 section 3.4 and RFC 8188: the message as the browser reads it."""
        salt, record_size, id_length = body[:16], int.from_bytes(body[16:20], "big"), body[20]
        server_public = body[21 : 21 + id_length]
        ciphertext = body[21 + id_length :]
        assert len(ciphertext) <= record_size, "one record only"
        shared = self.private.exchange(
            ec.ECDH(),
            ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), server_public),
        )
        key_info = b"WebPush: info\x00" + self.public_bytes + server_public
        ikm = _hmac(_hmac(self.auth, shared), key_info + b"\x01")
        prk = _hmac(salt, ikm)
        cek = _hmac(prk, b"Content-Encoding: aes128gcm\x00\x01")[:16]
        nonce = _hmac(prk, b"Content-Encoding: nonce\x00\x01")[:12]
        padded = AESGCM(cek).decrypt(nonce, ciphertext, None)
        text = padded.rstrip(b"\x00")
        assert text.endswith(b"\x02"), "the last record ends with the delimiter 2"
        return text[:-1]


def check_vapid(header: str, origin: str, expected_key: str | None) -> dict[str, Any]:
    """The claims of a ``vapid t=…, k=…`` header after checking its signature (RFC 8292)."""
    scheme, _, rest = header.partition(" ")
    assert scheme.lower() == "vapid", header
    fields = dict(part.strip().split("=", 1) for part in rest.split(","))
    token, key = fields["t"], fields["k"]
    if expected_key is not None:
        assert key == expected_key, "signed with another server's key"
    head, claims, signature = token.split(".")
    assert json.loads(b64decode(head)) == {"typ": "JWT", "alg": "ES256"}
    raw = b64decode(signature)
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64decode(key))
    public.verify(
        encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")),
        f"{head}.{claims}".encode(),
        ec.ECDSA(hashes.SHA256()),
    )
    data: dict[str, Any] = json.loads(b64decode(claims))
    assert data["aud"] == origin, data
    assert time.time() < data["exp"] <= time.time() + 24 * 3600, data
    assert str(data["sub"]).startswith(("mailto:", "https:")), data
    return data


class PushService:
    """``with PushService(vapid_public_key) as service: service.subscribe("parent")``."""

    def __init__(self, vapid_public_key: str | None = None) -> None:
        self.vapid_key = vapid_public_key
        self.subscriptions: dict[str, Subscription] = {}
        self.errors: list[str] = []
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                subscription = service.subscriptions.get(self.path.rsplit("/", 1)[-1])
                if subscription is None:
                    self.send_response(410)
                    self.end_headers()
                    return
                if subscription.fail_first > subscription.refused:
                    subscription.refused += 1
                    self.send_response(500)
                    self.end_headers()
                    return
                try:
                    assert self.headers["Content-Encoding"] == "aes128gcm"
                    assert int(self.headers["TTL"]) > 0
                    claims = check_vapid(
                        self.headers["Authorization"], service.origin, service.vapid_key
                    )
                    message = json.loads(subscription.decrypt(body))
                except (AssertionError, InvalidSignature, KeyError, ValueError) as error:
                    service.errors.append(f"{type(error).__name__}: {error}")
                    self.send_response(400)
                    self.end_headers()
                    return
                subscription.received.append({"message": message, "claims": claims})
                self.send_response(201)
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> PushService:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()

    def subscribe(self, name: str, fail_first: int = 0) -> Subscription:
        subscription = Subscription(
            name,
            ec.generate_private_key(ec.SECP256R1()),
            os.urandom(16),
            f"{self.origin}/push/{name}",
            fail_first,
        )
        self.subscriptions[name] = subscription
        return subscription
