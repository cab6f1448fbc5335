"""The balancer's configuration (``scripts/hub balancer``: HAProxy) against app servers that
misbehave on purpose: plain sockets on loopback that answer the health check and read each
other request, then close the connection without a word — what HAProxy sees of an app server
killed mid-request.

A GET is sent again (HAProxy's layer-7 retries: the server sees it more than once); a POST —
a result, a sign-in, a publication — is sent once and never again (``disable-l7-retry``), and
the visitor is told it failed (502)."""

from __future__ import annotations

import http.client
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class DroppingServer:
    """An app server on loopback that answers ``GET /healthz`` with 200 and drops every other
    request once it has read it whole; each dropped request line is kept in ``dropped``."""

    def __init__(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.dropped: list[str] = []
        self._lock = threading.Lock()
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                connection, _address = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._answer, args=(connection,), daemon=True).start()

    def _answer(self, connection: socket.socket) -> None:
        try:
            self._read_and_drop(connection)
        except OSError:  # the balancer gave up on the connection: nothing more to read
            pass
        finally:
            connection.close()

    def _read_and_drop(self, connection: socket.socket) -> None:
        received = b""
        while True:  # requests one after another on a kept-alive connection
            while b"\r\n\r\n" not in received:
                chunk = connection.recv(65536)
                if not chunk:
                    return
                received += chunk
            head, _blank, received = received.partition(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            length = next(
                (
                    int(line.split(":", 1)[1])
                    for line in lines
                    if line.lower().startswith("content-length:")
                ),
                0,
            )
            while len(received) < length:
                chunk = connection.recv(65536)
                if not chunk:
                    return
                received += chunk
            received = received[length:]
            if lines[0].startswith("GET /healthz "):
                connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
                continue
            with self._lock:
                self.dropped.append(lines[0])
            return  # closed without an answer

    def seen(self, request_line: str) -> int:
        with self._lock:
            return self.dropped.count(request_line)

    def close(self) -> None:
        self.listener.close()


@pytest.fixture
def balancer() -> Iterator[tuple[int, DroppingServer, DroppingServer]]:
    """HAProxy from ``scripts/hub balancer`` (a var folder of its own) in front of two
    dropping app servers."""
    folder = Path(tempfile.mkdtemp(prefix="crosstable-balancer-"))
    servers = (DroppingServer(), DroppingServer())
    port = _free_port()
    environment = {**os.environ, "CROSSTABLE_VAR_DIR": str(folder)}
    try:
        subprocess.run(
            [
                str(ROOT / "scripts" / "hub"),
                "balancer",
                "--port",
                str(port),
                "--site",
                "127.0.0.1",
                *(f"127.0.0.1:{server.port}" for server in servers),
            ],
            env=environment,
            check=True,
            capture_output=True,
        )
        time.sleep(2.5)  # both servers seen healthy (rise 2, every second)
        yield port, *servers
    finally:
        subprocess.run(
            [str(ROOT / "scripts" / "hub"), "balancer-stop"],
            env=environment,
            check=False,
            capture_output=True,
        )
        for server in servers:
            server.close()
        shutil.rmtree(folder, ignore_errors=True)


def _ask(port: int, method: str, path: str, body: bytes | None = None) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request(method, path, body=body, headers={"X-Forwarded-Proto": "https"})
        return connection.getresponse().status
    finally:
        connection.close()


def test_a_get_is_sent_again_a_post_never(
    balancer: tuple[int, DroppingServer, DroppingServer],
) -> None:
    port, first, second = balancer
    status = _ask(port, "GET", "/p/open/standings/")
    get_line = "GET /p/open/standings/ HTTP/1.1"
    # Sent, dropped, sent again to the other server (redispatch), dropped again…: the GET
    # reached the app servers more than once before the balancer gave up.
    assert first.seen(get_line) + second.seen(get_line) >= 2
    assert status in (502, 503)

    post_line = "POST /e/open/s/a/r/3/result/ HTTP/1.1"
    status = _ask(port, "POST", "/e/open/s/a/r/3/result/", b"entry=12+1")
    assert status == 502
    assert first.seen(post_line) + second.seen(post_line) == 1
