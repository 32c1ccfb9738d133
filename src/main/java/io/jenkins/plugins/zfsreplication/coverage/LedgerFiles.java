package io.jenkins.plugins.zfsreplication.coverage;

import io.jenkins.plugins.zfsreplication.files.Sha256;
import io.jenkins.plugins.zfsreplication.files.InputFile;
import io.jenkins.plugins.zfsreplication.files.InputFileException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.function.Consumer;

/**
 * The ledger a night builds on. A ledger that was not given, is gone or cannot be read is not an
 * error: the night starts over from an empty ledger and says why (every byte then counts as never
 * matched, and the guarantee holds again once everything has been read). One whose last night lies
 * after tonight is refused: it is not the night before.
 */
final class LedgerFiles {
    /** A ledger holds a line per segment of every retained snapshot: far below this. */
    static final long MAX_BYTES = 256L << 20;

    private LedgerFiles() {
    }

    /** The ledger to build on, the link to it (null when starting over), and why it started over (null when not). */
    record Loaded(Ledger ledger, Ledger.Link link, String startNote) {
    }

    static Loaded load(Path previous, int nights, Instant now, Consumer<String> log) {
        if (previous == null) {
            return start(nights, now, "no earlier ledger was given: this is the first night", log);
        }
        if (!Files.exists(previous)) {
            return start(nights, now, "the earlier ledger " + previous + " does not exist (lost?)", log);
        }
        byte[] bytes;
        Ledger ledger;
        try {
            bytes = InputFile.readBytes(previous, "the earlier ledger", MAX_BYTES);
            ledger = LedgerJson.read(bytes, previous.toString());
        } catch (InputFileException | CoverageException e) {
            return start(nights, now, "the earlier ledger could not be read (" + e.getMessage() + ")", log);
        }
        Instant last = ledger.history().isEmpty() ? ledger.startedAt()
                : ledger.history().get(ledger.history().size() - 1).at();
        if (last.isAfter(now)) {
            throw new CoverageException("The earlier ledger %s is of the night %s, after tonight (%s): give the ledger"
                    + " of the night before, or tonight's time (--now)", previous, last, now);
        }
        if (ledger.nights() != nights) {
            log.accept("every byte is now to be matched within " + nights + " nights (the earlier ledger said "
                    + ledger.nights() + ")");
        }
        return new Loaded(ledger, new Ledger.Link(Sha256.of(bytes), last), null);
    }

    private static Loaded start(int nights, Instant now, String why, Consumer<String> log) {
        String note = why + "; starting over: nothing read before tonight counts";
        log.accept("coverage ledger: " + note);
        return new Loaded(Ledger.start(nights, now, note), null, note);
    }
}
