"""The driver script for spark-submit: `sanitizer spark` run by Spark's launcher.

    spark-submit --master spark://HEAD:7077 [spark options] \\
        "$(python -c 'import ic_sanitizer.spark.driver as d; print(d.__file__)')" \\
        IN_DIR -o OUT_DIR [options of `sanitizer spark`]

Its arguments are those of `sanitizer spark` without --master (spark-submit's).
"""

from __future__ import annotations

import sys


def main() -> None:
    from ic_sanitizer.cli.app import main as cli

    sys.argv = ["sanitizer", "spark", *sys.argv[1:]]
    cli()


if __name__ == "__main__":
    main()
