// One call per paragraph from Python (py4j): sentences, tokens, tags and chunks of a
// text, as one string. Each Java call through py4j is a round trip, so the work is
// batched here rather than asked token by token.
// Compiled by scripts/opennlp/build_models.sh into sanitizer/extraction/opennlp_models/.

import java.io.File;
import java.io.IOException;
import opennlp.tools.chunker.ChunkerME;
import opennlp.tools.chunker.ChunkerModel;
import opennlp.tools.postag.POSModel;
import opennlp.tools.postag.POSTaggerME;
import opennlp.tools.sentdetect.SentenceDetectorME;
import opennlp.tools.sentdetect.SentenceModel;
import opennlp.tools.tokenize.TokenizerME;
import opennlp.tools.tokenize.TokenizerModel;
import opennlp.tools.util.Span;

public class OpenNlpBatch {
    private final SentenceDetectorME sentences;
    private final TokenizerME tokenizer;
    private final POSTaggerME tagger;
    private final ChunkerME chunker;

    public OpenNlpBatch(String folder) throws IOException {
        sentences = new SentenceDetectorME(new SentenceModel(new File(folder, "en-sent.bin")));
        tokenizer = new TokenizerME(new TokenizerModel(new File(folder, "en-token.bin")));
        tagger = new POSTaggerME(new POSModel(new File(folder, "en-pos.bin")));
        chunker = new ChunkerME(new ChunkerModel(new File(folder, "en-chunker.bin")));
    }

    /** One line per token: start TAB end TAB tag TAB chunk (offsets into text); a blank line ends a sentence. */
    public String analyze(String text) {
        StringBuilder out = new StringBuilder();
        for (Span sentence : sentences.sentPosDetect(text)) {
            String covered = sentence.getCoveredText(text).toString();
            Span[] spans = tokenizer.tokenizePos(covered);
            if (spans.length == 0) {
                continue;
            }
            String[] tokens = Span.spansToStrings(spans, covered);
            String[] tags = tagger.tag(tokens);
            String[] chunks = chunker.chunk(tokens, tags);
            for (int i = 0; i < spans.length; i++) {
                out.append(sentence.getStart() + spans[i].getStart()).append('\t')
                   .append(sentence.getStart() + spans[i].getEnd()).append('\t')
                   .append(tags[i]).append('\t').append(chunks[i]).append('\n');
            }
            out.append('\n');
        }
        return out.toString();
    }
}
