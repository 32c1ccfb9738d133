package io.jenkins.plugins.zfsreplication.audit;

import io.jenkins.plugins.zfsreplication.files.Sha256;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.security.DigestInputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The coverage ledgers of a chain of builds: each night's coverage-ledger.json names the ledger it
 * was built on by SHA-256, which must be the one the last earlier build of the chain archived, so
 * that a ledger replayed from an older build, or swapped, breaks the chain where it happened. A
 * ledger that started over (its earlier one lost) links to none: that is said, not a break.
 */
final class LedgerLinks {
    static final String FILE_NAME = "coverage-ledger.json";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private long lastBuild = -1;
    private String lastSha256;
    private final List<String> restarts = new ArrayList<>();

    /** The break this build's ledger makes, or null; its artifacts were checked already. */
    ChainReport check(ChainBuild build, AuditRecord record) throws IOException {
        ArtifactHash ledger = record.artifacts().stream().filter(a -> a.path().equals(FILE_NAME)).findFirst()
                .orElse(null);
        if (ledger == null) {
            return null;
        }
        String linked = null;
        JsonProcessingException malformed = null;
        try (DigestInputStream in = new DigestInputStream(build.open(FILE_NAME), Sha256.digest())) {
            // streamed, not held: a ledger is as large as its dataset's coverage, and the job page
            // checks the chain on the controller; the hash is of every byte, as the artifact check's
            try {
                linked = previousSha256(in);
            } catch (JsonProcessingException e) {
                malformed = e;
            }
            in.transferTo(OutputStream.nullOutputStream());
            if (!Sha256.hex(in.getMessageDigest().digest()).equals(ledger.sha256())) {
                return ChainReport.brokenAt(build.number(), "its %s changed while the chain was checked", FILE_NAME);
            }
        }
        if (malformed != null) {
            return ChainReport.brokenAt(build.number(), "its %s is not JSON: %s", FILE_NAME, malformed.getMessage());
        }
        ChainReport broken = null;
        if (linked == null && lastSha256 != null) {
            restarts.add(Long.toString(build.number()));
        } else if (linked != null && lastSha256 != null && !linked.equals(lastSha256)) {
            broken = ChainReport.brokenAt(build.number(), "its %s builds on a ledger with sha256 %s, not on build %d's"
                    + " (%s): a ledger swapped or replayed", FILE_NAME, linked, lastBuild, lastSha256);
        }
        lastBuild = build.number();
        lastSha256 = ledger.sha256();
        return broken;
    }

    /**
     * The text of the top-level {@code previous.sha256}, or null; the whole document is parsed
     * (a malformed one is refused) without building it in memory.
     */
    private static String previousSha256(java.io.InputStream in) throws IOException {
        String linked = null;
        try (JsonParser parser = MAPPER.getFactory().createParser(in)) {
            parser.disable(JsonParser.Feature.AUTO_CLOSE_SOURCE);
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                parser.skipChildren();
                return null;
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if (field.equals("previous") && value == JsonToken.START_OBJECT) {
                    while (parser.nextToken() == JsonToken.FIELD_NAME) {
                        String inner = parser.currentName();
                        JsonToken innerValue = parser.nextToken();
                        if (inner.equals("sha256") && innerValue == JsonToken.VALUE_STRING) {
                            linked = parser.getText();
                        } else {
                            parser.skipChildren();
                        }
                    }
                } else {
                    parser.skipChildren();
                }
            }
        }
        return linked;
    }

    /** What the intact line adds: the builds whose coverage ledger started over, if any. */
    String restarts() {
        return restarts.isEmpty() ? "" : String.format(Locale.ROOT, "; the coverage ledger started over at build %s",
                String.join(", ", restarts));
    }
}
