package io.jenkins.plugins.zfsreplication.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each hash by name against the oracle: python3-xxhash/hashlib per chunk, and xxhsum -H1/-H2/-H3
 * for a file that is one chunk. sha chunks larger than the 1 MiB streaming piece check the
 * piecewise path.
 */
class HashAlgorithmsTest {
    @TempDir
    Path temporary;

    @Test
    void shouldEqualThePythonOraclePerChunkForEveryAlgorithm() {
        Path file = SparseFixture.create(temporary.resolve("mixed"), 31).data(0, 700_000)
                .data(3_000_000, 1_234_567).size(5_000_001);
        SoftAssertions softly = new SoftAssertions();
        for (HashAlgorithm algorithm : HashAlgorithm.values()) {
            for (long count : new long[] {1, 3}) {
                VerifyOptions options = new VerifyOptions(1 << 20, count, algorithm, SparseMode.AUTO, 2);
                Path manifest = temporary.resolve(algorithm.id() + "-" + count + ".manifest");
                new Verifier(options, 100, null).verify(file, manifest);
                softly.assertThat(Oracle.chunkLines(manifest)).as("%s, %d MiB chunks", algorithm.id(), count)
                        .containsExactlyElementsOf(Oracle.fileChunks(file, algorithm.id(), options.chunkSize()));
            }
        }
        softly.assertAll();
    }

    @Test
    void shouldPrintXxhValuesAsXxhsumDoes() {
        Path file = SparseFixture.create(temporary.resolve("one-chunk"), 32).data(100, 50_000).size(65_536);
        String[] ids = {"xxh64", "xxh128", "xxh3"};
        SoftAssertions softly = new SoftAssertions();
        for (int variant = 1; variant <= 3; variant++) {
            VerifyOptions options = new VerifyOptions(1 << 16, 1, HashAlgorithm.byName(ids[variant - 1]), SparseMode.OFF, 1);
            Path manifest = temporary.resolve(ids[variant - 1] + ".manifest");
            new Verifier(options, 100, null).verify(file, manifest);
            softly.assertThat(Oracle.chunkLines(manifest)).as("xxhsum -H%d", variant)
                    .containsExactly("0\t" + Oracle.xxhsum(file, variant));
        }
        softly.assertAll();
    }

    @Test
    void shouldAcceptHashNamesInAnyCase() {
        assertThat(HashAlgorithm.byName(" XXH128 ")).isEqualTo(HashAlgorithm.XXH128);
    }
}
