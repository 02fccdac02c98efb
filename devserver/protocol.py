"""uvicorn's HTTP/1.1 protocol (h11) with the two bounds it lacks for `build.py serve`.

- A deadline for each request's head: uvicorn times out idle kept-alive connections, but a
  connection that sends half a request line (or nothing) was held open indefinitely, one
  socket and one buffer per attempt. Bodies are bounded by the app (devserver/app.py).
- The 400 uvicorn answers for a malformed request carries the site's security headers, as
  every other answer does.
"""

from __future__ import annotations

import asyncio

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

REQUEST_HEAD_TIMEOUT_S = 10.0


def bounded_protocol(
    error_headers: dict[str, str], head_timeout_s: float = REQUEST_HEAD_TIMEOUT_S
) -> type[H11Protocol]:
    """The protocol class to give uvicorn (`http=`), answering errors with error_headers."""
    encoded = tuple(
        (k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in error_headers.items()
    )

    class BoundedH11Protocol(H11Protocol):
        _head_deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm_head_deadline()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.conn.their_state is not h11.IDLE:  # a whole request head has arrived
                self._cancel_head_deadline()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if self.conn.their_state is h11.IDLE:  # waiting for the next request
                self._arm_head_deadline()

        def connection_lost(self, exc: Exception | None) -> None:
            self._cancel_head_deadline()
            super().connection_lost(exc)

        def send_400_response(self, msg: str) -> None:
            # uvicorn's own answer, with the security headers added (its code, extended).
            headers = [
                (b"content-type", b"text/plain; charset=utf-8"),
                (b"connection", b"close"),
                *encoded,
            ]
            event = h11.Response(status_code=400, headers=headers, reason=b"Bad Request")
            self.transport.write(self.conn.send(event))
            self.transport.write(self.conn.send(h11.Data(data=msg.encode("ascii"))))
            self.transport.write(self.conn.send(h11.EndOfMessage()))
            self.transport.close()

        def _arm_head_deadline(self) -> None:
            self._cancel_head_deadline()
            self._head_deadline = self.loop.call_later(head_timeout_s, self._head_too_slow)

        def _cancel_head_deadline(self) -> None:
            if self._head_deadline is not None:
                self._head_deadline.cancel()
                self._head_deadline = None

        def _head_too_slow(self) -> None:
            self._head_deadline = None
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                self.transport.close()

    return BoundedH11Protocol
