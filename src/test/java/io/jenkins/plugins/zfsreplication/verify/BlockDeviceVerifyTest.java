package io.jenkins.plugins.zfsreplication.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A block device (a read-only loop device): size from lseek, no SEEK_DATA, zero chunks by the zero check. */
class BlockDeviceVerifyTest {
    @TempDir
    Path temporary;

    @Test
    void shouldHashALoopDeviceLikeTheOracle() {
        Path image = SparseFixture.create(temporary.resolve("disk.img"), 51).data(0, 200_000)
                .data(3 << 20, 100_000).size(8 << 20);
        String device = Commands.run("losetup", "--find", "--show", "--read-only", image.toString()).trim();
        try {
            Path manifest = temporary.resolve("device.manifest");
            VerifyResult result = new Verifier(new VerifyOptions(1 << 20, 1, HashAlgorithm.XXH64, SparseMode.AUTO, 2),
                    100, null).verify(Paths.get(device), manifest);

            assertThat(Oracle.chunkLines(manifest)).containsExactlyElementsOf(Oracle.fileChunks(Paths.get(device), "xxh64", 1 << 20));
            assertThat(Oracle.chunkLines(manifest)).containsExactlyElementsOf(Oracle.fileChunks(image, "xxh64", 1 << 20));
            assertThat(result.files().get(0).size()).isEqualTo(8 << 20);
            assertThat(result.zeroChunks()).isEqualTo(6);
        } finally {
            Commands.tryRun(List.of("losetup", "-d", device));
        }
    }
}
