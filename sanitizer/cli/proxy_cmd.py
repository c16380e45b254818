"""`sanitizer proxy`: a privacy proxy in front of a language model (sanitizer/proxy; the serve extra)."""

from __future__ import annotations

from typing import Annotated
from urllib.parse import urlsplit

import typer

from ..errors import ConfigurationError, ServiceUnavailableError
from ..pipeline import Sanitizer
from ..redaction import Mode
from .common import announce_backends, reported_errors, stderr
from .engine_options import EngineOptions
from .engine_params import POLICY, engine_options
from .options import (
    ConcurrencyOption,
    MaxBodyMbOption,
    finite_number,
)
from .serve_cmd import listen, url_host, uvicorn_limit

#: the proxy listens here only: what reaches it is the text before it is sanitized
LOOPBACK = "127.0.0.1"


@engine_options(*POLICY, "kinds", "countries", "reference", "cache_dir", "pseudonym_key_file")
def proxy_command(
    context: typer.Context,
    upstream: Annotated[
        str,
        typer.Option(
            "--upstream",
            help="The language model's OpenAI-compatible base URL, to which the paths are appended "
            "(https://api.openai.com/v1, http://127.0.0.1:11434/v1): the only place anything is sent.",
            show_default=False,
        ),
    ],
    port: Annotated[
        int,
        typer.Option("--port", min=0, max=65535, help="Port to listen on, on loopback (0: any free port, printed)."),
    ] = 8790,
    mode: Annotated[
        Mode,
        typer.Option(
            "--mode",
            help="pseudonym: a consistent fake value per entity, which the model reads as a name (needs the "
            "pseudonyms extra); tag: a placeholder ([PERSON-1]); hash: a keyed digest ([PERSON:3fa9c2d41b7e]). "
            "Each is put back in the answer; the other modes cannot be, and are refused.",
        ),
    ] = Mode.PSEUDONYM,
    timeout: Annotated[
        float, typer.Option("--timeout", parser=finite_number, help="Seconds to wait for the upstream's answer.")
    ] = 300.0,
    max_body_mb: MaxBodyMbOption = 10.0,
    concurrency: ConcurrencyOption = 16,
) -> None:
    """A privacy proxy for a language model: point an OpenAI client at http://127.0.0.1:PORT/v1.
    Every message is pseudonymized (one mapping for the request, kept in memory only), sent to
    --upstream, and the answer comes back with the originals, streamed answers too."""
    with reported_errors():
        try:
            import uvicorn

            from ..proxy import create_proxy
            from ..proxy.restoring import RESTORABLE_MODES
        except ImportError:
            raise ServiceUnavailableError(
                "the proxy needs the serve extra: pip install 'ic-sanitizer[serve]'"
            ) from None
        address = urlsplit(upstream)
        if address.scheme not in ("http", "https") or not address.netloc:
            raise ConfigurationError("--upstream must be an http:// or https:// URL")
        if mode not in RESTORABLE_MODES:
            raise ConfigurationError(
                "--mode must be pseudonym, tag or hash: the proxy puts the originals back in the answer, "
                "which needs one value per entity"
            )
        if not max_body_mb > 0 or not timeout > 0:
            raise ConfigurationError("--max-body-mb and --timeout must be positive")
        listening = listen(LOOPBACK, port)
        with listening, Sanitizer(EngineOptions.of(context).settings(workers=1)) as sanitizer:
            announce_backends(sanitizer)
            app = create_proxy(sanitizer, upstream, timeout, int(max_body_mb * 1e6))
            config = uvicorn.Config(
                app, limit_concurrency=uvicorn_limit(concurrency), log_level="warning", access_log=False
            )
            bound_host, bound_port = listening.getsockname()[:2]
            stderr.print(
                f"proxy on http://{url_host(bound_host)}:{bound_port}/v1 for {address.scheme}://{address.netloc} "
                "(Ctrl-C stops)",
                markup=False,
                highlight=False,
            )
            uvicorn.Server(config).run(sockets=[listening])
