package io.jenkins.plugins.zfsreplication.coverage;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The ledger a night leaves is read by the next: a ledger of format 1 (a snapshot of its own and
 * one inheriting, two nights, a drill) reads and writes back byte for byte, whatever shape the
 * records holding it have in the code.
 */
class LedgerJsonTest {
    @Test
    void shouldWriteBackTheLedgerItReadByteForByte() throws IOException {
        byte[] text;
        try (InputStream in = LedgerJsonTest.class.getResourceAsStream("ledger-format-1.json")) {
            text = in.readAllBytes();
        }

        Ledger ledger = LedgerJson.read(text, "ledger-format-1.json");

        assertThat(ledger.snapshots()).extracting(SnapshotCoverage::name, SnapshotCoverage::guid,
                SnapshotCoverage::createtxg).containsExactly(
                        org.assertj.core.groups.Tuple.tuple("backup/home@zr-1", "123", 50L),
                        org.assertj.core.groups.Tuple.tuple("backup/home@zr-2", "18446744073709551615", 60L));
        assertThat(ledger.history().get(1).after())
                .isEqualTo(new Ledger.NightSummary.After(6144, 2048, Instant.parse("2026-11-01T02:00:00Z")));
        assertThat(LedgerJson.write(ledger)).isEqualTo(new String(text, StandardCharsets.UTF_8));
    }
}
