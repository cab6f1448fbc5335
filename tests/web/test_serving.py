"""gunicorn as ``scripts/serve`` configures it (``crosstable_web.serving``): an answer's head
goes out in the same system call as its body, so that an app server killed mid-answer leaves
the balancer either nothing (it resends the GET) or the whole answer (the kernel delivers it).
gunicorn's own parser and ``wsgi.create`` on a real socket pair; the writes counted on the
socket."""

from __future__ import annotations

import socket

import pytest
from gunicorn.config import Config
from gunicorn.http import get_parser, wsgi

from crosstable_web import serving


class CountedSocket(socket.socket):
    """A real socket that remembers each ``sendall`` (one system call's worth of bytes)."""

    writes: list[bytes]

    def sendall(self, data: bytes, flags: int = 0) -> None:  # type: ignore[override]
        self.writes.append(bytes(data))
        super().sendall(data, flags)


@pytest.fixture
def connection() -> tuple[CountedSocket, socket.socket]:
    server_end, client_end = socket.socketpair()
    counted = CountedSocket(fileno=server_end.detach())
    counted.writes = []
    yield counted, client_end
    counted.close()
    client_end.close()


def _answer(server_end: CountedSocket, client_end: socket.socket, request: bytes) -> wsgi.Response:
    """gunicorn's answer to ``request`` as its workers build it (``wsgi.create``)."""
    client_end.sendall(request)
    config = Config()
    parsed = next(iter(get_parser(config, server_end, ("127.0.0.1", 40000))))
    response, _environ = wsgi.create(parsed, server_end, ("127.0.0.1", 40000), "", config)
    return response


def _received(client_end: socket.socket) -> bytes:
    client_end.settimeout(2)
    return client_end.recv(65536)


def test_the_head_and_the_body_are_one_write(connection) -> None:
    server_end, client_end = connection
    response = _answer(server_end, client_end, b"GET /p/load/open/ HTTP/1.1\r\nHost: h\r\n\r\n")
    assert isinstance(response, serving.OneWriteResponse)
    body = "<p>Round 3 · 第3轮</p>".encode()
    response.start_response(
        "200 OK", [("Content-Type", "text/html"), ("Content-Length", str(len(body)))]
    )
    response.write(body)
    assert len(server_end.writes) == 1, server_end.writes
    assert server_end.writes[0].startswith(b"HTTP/1.1 200 OK\r\n")
    assert server_end.writes[0].endswith(b"\r\n\r\n" + body)
    response.close()
    assert len(server_end.writes) == 1
    assert _received(client_end) == server_end.writes[0]


def test_an_answer_without_a_body_sends_its_head_at_close(connection) -> None:
    server_end, client_end = connection
    response = _answer(
        server_end,
        client_end,
        b'GET /p/load/open/ HTTP/1.1\r\nHost: h\r\nIf-None-Match: "abc"\r\n\r\n',
    )
    response.start_response("304 Not Modified", [("ETag", '"abc"')])
    assert server_end.writes == []
    response.close()
    assert len(server_end.writes) == 1
    assert server_end.writes[0].startswith(b"HTTP/1.1 304 Not Modified\r\n")
    assert _received(client_end) == server_end.writes[0]


def test_the_held_head_goes_before_anything_else_asked_of_the_socket(connection) -> None:
    """gunicorn sends a file (a static file, WhiteNoise) with ``sock.sendfile`` after the head:
    asking the socket for anything but ``sendall`` sends the held head first."""
    server_end, client_end = connection
    held = serving.HeadHeldSocket(server_end)
    held.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\n")
    assert server_end.writes == []
    assert held.fileno() == server_end.fileno()
    assert server_end.writes == [b"HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\n"]
    server_end.send(b"body")
    client_end.settimeout(2)
    received = b""
    while len(received) < 42:
        received += client_end.recv(65536)
    assert received == b"HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nbody"
