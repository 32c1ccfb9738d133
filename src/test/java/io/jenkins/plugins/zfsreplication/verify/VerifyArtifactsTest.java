package io.jenkins.plugins.zfsreplication.verify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** verify-report.json, the throughput CSV and chart, written by the CLI for a real sparse file. */
class VerifyArtifactsTest {
    @TempDir
    Path temporary;

    @Test
    void shouldWriteReportCsvAndChartWithExactTotals() throws Exception {
        Path file = SparseFixture.create(temporary.resolve("sparse.img"), 71).data(1 << 20, 1 << 20)
                .zeros(5 << 20, 1 << 20).size(8 << 20);
        Path report = temporary.resolve("verify-report.json");
        Path csv = temporary.resolve("verify-throughput.csv");
        Path chart = temporary.resolve("verify-throughput.svg");

        Cli.Run run = Cli.run("verify", "--threads", "2", "-o", temporary.resolve("sparse.manifest").toString(),
                "--report", report.toString(), "--csv", csv.toString(), "--chart", chart.toString(), file.toString());

        assertThat(run.exit()).as(run.err()).isZero();
        long[] oracle = Oracle.holeBytesAndZeroChunks(file, 1 << 20);
        JsonNode json = new ObjectMapper().readTree(report.toFile());
        assertThat(json.at("/format").asInt()).isEqualTo(1);
        assertThat(json.at("/manifest").asText()).isEqualTo("sparse.manifest");
        assertThat(json.at("/parameters/hash").asText()).isEqualTo("xxh64");
        assertThat(json.at("/parameters/chunkSize").asLong()).isEqualTo(1 << 20);
        assertThat(json.at("/totals/bytes").asLong()).isEqualTo(8 << 20);
        assertThat(json.at("/totals/holeBytes").asLong()).isEqualTo(oracle[0]);
        assertThat(json.at("/totals/dataBytes").asLong()).isEqualTo((8 << 20) - oracle[0]);
        assertThat(json.at("/totals/zeroChunks").asLong()).isEqualTo(oracle[1]);
        assertThat(json.at("/files/0/chunks").asLong()).isEqualTo(8);
        List<String> rows = Files.readAllLines(csv);
        assertThat(rows.get(0)).isEqualTo("seconds,logical_bytes,read_bytes,hole_bytes,logical_mib_per_s,read_mib_per_s");
        assertThat(rows.get(rows.size() - 1)).contains("," + (8 << 20) + "," + ((8 << 20) - oracle[0]) + "," + oracle[0] + ",");
        assertThat(Files.readString(chart)).startsWith("<svg").contains("read from disk MiB/s");
        assertThat(run.err()).contains("verified 1 file(s), 8.0 MiB");
    }

    @Test
    void shouldShadeStretchesThatWereMostlyHoles() {
        List<ThroughputRecorder.Sample> samples = List.of(new ThroughputRecorder.Sample(0, 0, 0, 0),
                new ThroughputRecorder.Sample(1, 100, 100, 0), new ThroughputRecorder.Sample(2, 1000, 100, 900),
                new ThroughputRecorder.Sample(3, 2000, 100, 1900), new ThroughputRecorder.Sample(4, 2100, 200, 1900));

        String svg = VerifyArtifacts.throughputSvg(samples, "t");

        assertThat(svg.split("<title>mostly holes</title>", -1)).hasSize(2);
        assertThat(svg).contains("<rect x=\"247.5\"");
    }

    @Test
    void shouldThinSamplesButKeepTheTotals() {
        try (ThroughputRecorder recorder = new ThroughputRecorder(3_600_000, null)) {
            for (int i = 0; i < 5000; i++) {
                recorder.add(1, 1, 0);
                recorder.sample();
            }
            recorder.add(5, 0, 5);
            List<ThroughputRecorder.Sample> samples = recorder.finish();

            assertThat(samples.size()).isBetween(ThroughputRecorder.MAX_SAMPLES / 2, ThroughputRecorder.MAX_SAMPLES + 1);
            assertThat(samples.get(samples.size() - 1)).extracting(ThroughputRecorder.Sample::logicalBytes,
                    ThroughputRecorder.Sample::readBytes, ThroughputRecorder.Sample::holeBytes).containsExactly(5005L, 5000L, 5L);
        }
    }
}
