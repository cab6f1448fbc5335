"""gunicorn's configuration for the app servers: ``gunicorn --config
python:crosstable_web.serving`` (``scripts/serve``; ``bench.cluster`` on loopback).

It changes one thing in how gunicorn writes an answer: the status line and headers go out in
the same system call as the body's first bytes. gunicorn writes them in two (its
``Response.send_headers``, then the body), and behind the balancer that gap decides whether a
crashed app server's requests can be saved. HAProxy sends a GET again to another server only
while it has received nothing of the answer (docs/deploy.md, "A server that dies"); an app
server killed between gunicorn's two writes — a gthread worker's thread waits for the GIL
there under load — left HAProxy holding a head with no body, forwarded to the visitor as a
cut-off page (seen in ``bench.hub_check``: 1 or 2 cut-off answers in about half the runs,
each logged by HAProxy as ``SD--`` with the 717 bytes of the head alone). Written at once, an
answer is either not in the kernel when the process dies (HAProxy gets nothing and resends the
GET) or in its socket buffer, which the kernel still delivers after the process is gone.

An answer larger than what the socket takes at once (a 2,000-player standings page is 0.5 MB)
can still be cut if the server dies while it waits to write the rest: the bound docs/deploy.md
states.
"""

from __future__ import annotations

import socket
from typing import Any

from gunicorn.http import wsgi


class HeadHeldSocket:
    """A connection's socket as gunicorn's ``Response`` sees it: the first write (the head)
    is held and sent with the next one (the body's first bytes); anything else asked of the
    socket (``sendfile``, ``fileno``…) sends the held head first, so that order never
    changes."""

    def __init__(self, connection: socket.socket) -> None:
        self._connection = connection
        self._head: bytes | None = None
        self._head_written = False

    def sendall(self, data: bytes) -> None:
        if not self._head_written:
            self._head_written = True
            self._head = bytes(data)
            return
        if self._head is not None:
            data, self._head = self._head + data, None
        self._connection.sendall(data)

    def release(self) -> None:
        """Send the held head (an answer with no body: a 304, a HEAD, an empty page)."""
        if self._head is not None:
            head, self._head = self._head, None
            self._connection.sendall(head)

    def __getattr__(self, name: str) -> Any:
        self.release()
        return getattr(self._connection, name)


class OneWriteResponse(wsgi.Response):  # type: ignore[misc]
    """gunicorn's HTTP/1 answer, its head written with the body's first bytes."""

    def __init__(self, req: Any, sock: socket.socket, cfg: Any) -> None:
        super().__init__(req, HeadHeldSocket(sock), cfg)

    def close(self) -> None:
        try:
            super().close()
        finally:
            self.sock.release()


# gunicorn's workers build each answer with ``wsgi.create``, which takes this module-level
# name when no other class is asked for (HTTP/2 asks for its own).
wsgi.Response = OneWriteResponse
