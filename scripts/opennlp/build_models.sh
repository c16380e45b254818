#!/usr/bin/env bash
# Build the English OpenNLP models of the `opennlp` extractor, reproducibly:
#   scripts/opennlp/build_models.sh            (about 10 minutes on 2 cores)
# Needs Debian's opennlp (apt-get install opennlp) and the project installed (.venv).
# Training data: silver annotations of the starter corpus (make_training_data.py).
# Output: sanitizer/extraction/opennlp_models/en-{sent,token,pos,chunker}.bin and the
# compiled batch helper OpenNlpBatch.class.
set -euo pipefail
cd "$(dirname "$0")/../.."
python=${PYTHON:-.venv/bin/python}
models=sanitizer/extraction/opennlp_models
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$python" scripts/opennlp/make_training_data.py "$work"
printf 'Algorithm=MAXENT\nIterations=100\nCutoff=5\nThreads=2\n' > "$work/params.txt"
opennlp SentenceDetectorTrainer -model "$work/en-sent.bin" -lang en -data "$work/en-sent.train" -encoding UTF-8 -params "$work/params.txt"
opennlp TokenizerTrainer -model "$work/en-token.bin" -alphaNumOpt true -lang en -data "$work/en-token.train" -encoding UTF-8 -params "$work/params.txt"
opennlp POSTaggerTrainer -model "$work/en-pos.bin" -lang en -data "$work/en-pos.train" -encoding UTF-8 -params "$work/params.txt"
opennlp ChunkerTrainerME -model "$work/en-chunker.bin" -lang en -data "$work/en-chunk.train" -encoding UTF-8 -params "$work/params.txt"
mkdir -p "$models"
cp "$work"/en-*.bin "$models"/
javac --release 11 -cp /usr/share/java/opennlp-tools.jar -d "$models" sanitizer/extraction/OpenNlpBatch.java
ls -l "$models"
