package io.jenkins.plugins.zfsreplication.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Cleanup runs with the interrupt cleared and passes the cancel on: a real file written by an interrupted thread. */
class InterruptClearedTest {
    @AfterEach
    void clearFlag() {
        Thread.interrupted();
    }

    @Test
    void shouldWriteAFileForAnInterruptedThreadAndSetTheFlagAgain(@TempDir Path folder) throws IOException {
        Path file = folder.resolve("record.json");
        Thread.currentThread().interrupt();

        boolean flagDuring = InterruptCleared.call(() -> {
            boolean during = Thread.currentThread().isInterrupted();
            AtomicFile.write(file, "{}\n");
            return during;
        });

        assertThat(flagDuring).isFalse();
        assertThat(Files.readString(file)).isEqualTo("{}\n");
        assertThat(Thread.currentThread().isInterrupted()).isTrue();
    }

    @Test
    void shouldPassOnAnInterruptThatCameDuringTheWork() {
        InterruptCleared.run(() -> Thread.currentThread().interrupt());

        assertThat(Thread.currentThread().isInterrupted()).isTrue();
    }

    @Test
    void shouldLeaveAnUninterruptedThreadUninterrupted() {
        assertThat(InterruptCleared.call(() -> 42)).isEqualTo(42);

        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }

    @Test
    void shouldThrowTheWorksExceptionAndStillSetTheFlagAgain() {
        Thread.currentThread().interrupt();

        assertThatThrownBy(() -> InterruptCleared.run(() -> {
            throw new IOException("disk full");
        })).isInstanceOf(IOException.class).hasMessage("disk full");
        assertThat(Thread.currentThread().isInterrupted()).isTrue();
    }
}
