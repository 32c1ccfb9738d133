package io.jenkins.plugins.zfsreplication.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
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
        JsonNode previous;
        try (java.io.InputStream in = build.open(FILE_NAME)) {
            byte[] bytes = in.readAllBytes();
            // read once more here: what is parsed must be what the artifact check hashed
            if (!Sha256.of(bytes).equals(ledger.sha256())) {
                return ChainReport.brokenAt(build.number(), "its %s changed while the chain was checked", FILE_NAME);
            }
            previous = MAPPER.readTree(bytes).path("previous");
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return ChainReport.brokenAt(build.number(), "its %s is not JSON: %s", FILE_NAME, e.getMessage());
        }
        String linked = previous.path("sha256").isTextual() ? previous.path("sha256").asText() : null;
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

    /** What the intact line adds: the builds whose coverage ledger started over, if any. */
    String restarts() {
        return restarts.isEmpty() ? "" : String.format(Locale.ROOT, "; the coverage ledger started over at build %s",
                String.join(", ", restarts));
    }
}
