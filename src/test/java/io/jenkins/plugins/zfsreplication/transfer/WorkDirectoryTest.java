package io.jenkins.plugins.zfsreplication.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A transfer's scratch directory goes entirely, and what cannot go is named, not ignored. */
class WorkDirectoryTest {
    @TempDir
    Path temporary;

    @Test
    void shouldRemoveTheDirectoryWithEverythingInIt() throws IOException, InterruptedException {
        Path work = temporary.resolve("work");
        Files.createDirectories(work.resolve("a/b"));
        Files.writeString(work.resolve("a/b/endpoints.json"), "{}");
        Files.writeString(work.resolve("receive.log"), "log");
        assertThat(new ProcessBuilder("mkfifo", work.resolve("a/stream.fifo").toString()).start().waitFor()).isZero();

        assertThat(WorkDirectory.delete(work)).isEmpty();
        assertThat(work).doesNotExist();
        assertThat(WorkDirectory.delete(work)).as("an absent directory is already gone").isEmpty();
    }

    @Test
    void shouldNameWhatItCouldNotRemove() throws IOException, InterruptedException {
        // a mount point cannot be removed while something is mounted on it (EBUSY), even by root
        Path work = temporary.resolve("work");
        Path busy = Files.createDirectories(work.resolve("busy"));
        Files.writeString(work.resolve("plan.json"), "{}");
        assertThat(new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=1m", "zfsr-test", busy.toString())
                .inheritIO().start().waitFor()).isZero();
        try {
            assertThat(WorkDirectory.delete(work)).containsExactly(busy, work);
            assertThat(work.resolve("plan.json")).doesNotExist();
        } finally {
            assertThat(new ProcessBuilder("umount", busy.toString()).inheritIO().start().waitFor()).isZero();
        }
        assertThat(WorkDirectory.delete(work)).isEmpty();
        assertThat(work).doesNotExist();
    }
}
