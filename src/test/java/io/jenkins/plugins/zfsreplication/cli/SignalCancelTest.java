package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.jenkins.plugins.zfsreplication.transfer.CutTransfer;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The command line in its own JVM, ended by SIGTERM in the middle of a slowed send. */
@ExtendWith(ZfsTestBed.class)
class SignalCancelTest {

    @Test
    void shouldEndEveryPipelineProcessOnSigtermAndRecordWhereItStopped(TestPools pools, @TempDir Path dir)
            throws Exception {
        Zfs zfs = new Zfs(new ProcessCommandRunner());
        DatasetName source = pools.create("s").resolve("data");
        DatasetName target = pools.create("t");
        zfs.createFilesystem(source, Map.of());
        Files.write(pools.mountpoint(source).resolve("big.bin"), new byte[6 << 20]);
        zfs.snapshot(List.of(source.snapshot("s1")), false);
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "send", source + "@s1", "--target",
                target.resolve("data").name(), "--buffer", "1M", "--rate-limit", "1M", "--artifacts", dir.toString()));
        Process cli = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("cli.log").toFile())
                .start();
        awaitPipeline(source, dir);

        cli.destroy(); // SIGTERM
        assertThat(cli.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(cli.exitValue()).isEqualTo(143);
        assertThat(Files.readString(dir.resolve("transfer.json"))).contains("\"result\" : \"cancelled\"")
                .contains("\"error\" : \"cancelled; every process of the pipeline was ended\"");
        assertThat(processesNaming(source.name())).isEmpty();
        assertThat(zfs.list(List.of(target), true, List.of()).objects()).extracting(ZfsObject::name)
                .containsExactly(target.name());
    }

    /**
     * run, ended by SIGTERM while both datasets stream: the same transfer.json as an aborted
     * zfsSendRecv step writes ({@code SendRecvAbortTest}), the same engine behind both.
     */
    @Test
    void shouldWriteWhatAnAbortedStepWritesWhenRunGetsSigterm(TestPools pools, @TempDir Path dir) throws Exception {
        CutTransfer transfer = new CutTransfer(pools, dir.resolve("plan.json"));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "run", dir.resolve("plan.json")
                        .toString(), "-j", "2", "--buffer", "1M", "--rate-limit", "1M", "--artifacts",
                dir.resolve("out").toString()));
        Process cli = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("cli.log").toFile())
                .start();
        for (int i = 0; i < 600 && !(CutTransfer.bothStreaming() && Files.readString(dir.resolve("cli.log"))
                .contains("progress")); i++) {
            Thread.sleep(50);
        }
        assertThat(CutTransfer.bothStreaming()).as(Files.readString(dir.resolve("cli.log"))).isTrue();

        cli.destroy(); // SIGTERM
        assertThat(cli.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(cli.exitValue()).isEqualTo(143);
        com.fasterxml.jackson.databind.JsonNode written = CutTransfer.read(dir.resolve("out/transfer.json"));
        assertThat(written.path("result").asText()).isEqualTo("cancelled");
        assertThat(CutTransfer.steps(written)).isEqualTo(CutTransfer.STEPS_AFTER_THE_CUT);
        assertThat(dir.resolve("out/throughput.csv")).isRegularFile();
        assertThat(dir.resolve("out/throughput.svg")).isRegularFile();
        assertThat(processesNaming(transfer.target().pool())).isEmpty();
        assertThat(transfer.targetDatasets()).containsExactly(transfer.target().name());
    }

    private static void awaitPipeline(DatasetName source, Path dir) throws Exception {
        for (int i = 0; i < 300; i++) {
            if (!processesNaming("mbuffer -q -m 1024k -r 1048576").isEmpty()
                    && Files.readString(dir.resolve("cli.log")).contains("started")) {
                Thread.sleep(500);
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the pipeline of " + source + " did not start: " + Files.readString(dir.resolve("cli.log")));
    }

    /** Every live process on the machine whose command line contains {@code text}, from /proc. */
    private static List<String> processesNaming(String text) throws IOException {
        try (Stream<Path> entries = Files.list(Path.of("/proc"))) {
            return entries.filter(p -> p.getFileName().toString().matches("\\d+")).map(p -> {
                try {
                    return new String(Files.readAllBytes(p.resolve("cmdline")), StandardCharsets.UTF_8).replace('\0', ' ');
                } catch (IOException e) {
                    return "";
                }
            }).filter(line -> line.contains(text) && !line.contains("java")).toList();
        }
    }
}
