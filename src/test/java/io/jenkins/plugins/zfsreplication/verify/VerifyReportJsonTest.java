package io.jenkins.plugins.zfsreplication.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The verify report's text, pinned: every key in its order, as docs/formats.md shows it. A file's
 * stats are grouped in the code (data, holes, reuse) but flat in the report.
 */
class VerifyReportJsonTest {
    @Test
    void shouldWriteEveryFileFlatInTheDocumentedOrder() {
        VerifyOptions options = new VerifyOptions(1 << 20, 2, HashAlgorithm.XXH64, SparseMode.SEEK, 3);
        ManifestHeader header = new ManifestHeader(ManifestHeader.FORMAT, "zfs-replication 9.9", HashAlgorithm.XXH64,
                1 << 20, 2, ManifestHeader.Layout.TREE, true);
        FileStats sparse = new FileStats("big\udcff.img", 8 << 20, 8, new FileStats.Data(3 << 20, 1),
                new FileStats.Holes(5 << 20, 5, 4, 35), FileStats.Reuse.NONE);
        FileStats reused = new FileStats("small", 3 << 20, 3, new FileStats.Data(1 << 20, 0), FileStats.Holes.NONE,
                new FileStats.Reuse(2 << 20, 2));
        FileTotals totals = new FileTotals(3, 11 << 20, 11, 4 << 20, 5 << 20, 1, 2 << 20, 2);
        VerifyResult result = new VerifyResult("pool/data@zr-1", header, new VerifyResult.Hashing(options,
                HashImplementation.JAVA), new VerifyResult.Read(totals, List.of(sparse, reused),
                List.of(new VerifyResult.Skipped("link", "symlink (not followed)")), 2),
                new VerifyResult.Timing(List.of(new ThroughputRecorder.Sample(0.5, 1, 2, 3)), 1.2345),
                List.of("a note"), new VerifyResult.Incremental("zr-0", 1, 2 << 20, 2, null), null);

        assertThat(VerifyArtifacts.reportJson(result, "pool.manifest", null)).isEqualTo(""
                + "{\n"
                + "  \"format\" : 1,\n"
                + "  \"tool\" : \"zfs-replication 9.9\",\n"
                + "  \"target\" : \"pool/data@zr-1\",\n"
                + "  \"manifest\" : \"pool.manifest\",\n"
                + "  \"layout\" : \"tree\",\n"
                + "  \"parameters\" : {\n"
                + "    \"hash\" : \"xxh64\",\n"
                + "    \"blockSize\" : 1048576,\n"
                + "    \"count\" : 2,\n"
                + "    \"chunkSize\" : 2097152,\n"
                + "    \"sparse\" : \"seek\",\n"
                + "    \"threads\" : 3\n"
                + "  },\n"
                + "  \"hashImplementation\" : \"java\",\n"
                + "  \"totals\" : {\n"
                + "    \"files\" : 3,\n"
                + "    \"listedFiles\" : 2,\n"
                + "    \"chunks\" : 11,\n"
                + "    \"bytes\" : 11534336,\n"
                + "    \"readBytes\" : 9437184,\n"
                + "    \"dataBytes\" : 4194304,\n"
                + "    \"holeBytes\" : 5242880,\n"
                + "    \"zeroChunks\" : 1,\n"
                + "    \"skipped\" : 2,\n"
                + "    \"seconds\" : 1.235\n"
                + "  },\n"
                + "  \"incremental\" : {\n"
                + "    \"since\" : \"zr-0\",\n"
                + "    \"reusedFiles\" : 1,\n"
                + "    \"reusedBytes\" : 2097152,\n"
                + "    \"reusedChunks\" : 2,\n"
                + "    \"fullBecause\" : null\n"
                + "  },\n"
                + "  \"files\" : [ {\n"
                + "    \"path\" : \"big\\udcff.img\",\n"
                + "    \"size\" : 8388608,\n"
                + "    \"chunks\" : 8,\n"
                + "    \"dataBytes\" : 3145728,\n"
                + "    \"holeBytes\" : 5242880,\n"
                + "    \"zeroChunks\" : 1,\n"
                + "    \"holeChunks\" : 5,\n"
                + "    \"seekCalls\" : 4,\n"
                + "    \"seekMicros\" : 35,\n"
                + "    \"reusedBytes\" : 0,\n"
                + "    \"reusedChunks\" : 0\n"
                + "  }, {\n"
                + "    \"path\" : \"small\",\n"
                + "    \"size\" : 3145728,\n"
                + "    \"chunks\" : 3,\n"
                + "    \"dataBytes\" : 1048576,\n"
                + "    \"holeBytes\" : 0,\n"
                + "    \"zeroChunks\" : 0,\n"
                + "    \"holeChunks\" : 0,\n"
                + "    \"seekCalls\" : 0,\n"
                + "    \"seekMicros\" : 0,\n"
                + "    \"reusedBytes\" : 2097152,\n"
                + "    \"reusedChunks\" : 2\n"
                + "  } ],\n"
                + "  \"skipped\" : [ {\n"
                + "    \"path\" : \"link\",\n"
                + "    \"reason\" : \"symlink (not followed)\"\n"
                + "  } ],\n"
                + "  \"log\" : [ \"a note\" ]\n"
                + "}\n");
    }

    @Test
    void shouldRefuseStatsWhosePartsDoNotAddUpToTheSize() {
        assertThatThrownBy(() -> new FileStats("a", 10, 1, new FileStats.Data(4, 0), new FileStats.Holes(4, 1, 1, 0),
                FileStats.Reuse.NONE)).hasMessage("data 4 + holes 4 + reused 0 != size 10");
        assertThatThrownBy(() -> new FileStats.Holes(0, 0, -1, 0)).hasMessageContaining("negative hole count");
    }
}
