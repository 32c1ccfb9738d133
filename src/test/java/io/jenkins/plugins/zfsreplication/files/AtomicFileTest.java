package io.jenkins.plugins.zfsreplication.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFileTest {
    @TempDir
    Path directory;

    @Test
    void shouldFollowNeitherALinkAtTheOldTemporaryNameNorOneAtTheTargetsName() throws IOException {
        Path victims = Files.createDirectory(directory.resolve("elsewhere"));
        Path viaTemporary = Files.writeString(victims.resolve("passwd"), "root:x:0:0\n");
        Path viaTarget = Files.writeString(victims.resolve("shadow"), "root:*:1:0\n");
        Path target = directory.resolve("plan.txt");
        Files.createSymbolicLink(directory.resolve("plan.txt.tmp"), viaTemporary);
        Files.createSymbolicLink(target, viaTarget);

        AtomicFile.write(target, "the plan\n");

        assertThat(Files.readString(viaTemporary)).isEqualTo("root:x:0:0\n");
        assertThat(Files.readString(viaTarget)).isEqualTo("root:*:1:0\n");
        assertThat(Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)).isTrue();
        assertThat(Files.readString(target)).isEqualTo("the plan\n");
        assertThat(Files.readSymbolicLink(directory.resolve("plan.txt.tmp"))).isEqualTo(viaTemporary);
        try (var left = Files.list(directory)) {
            assertThat(left.map(path -> path.getFileName().toString()))
                    .containsExactlyInAnyOrder("elsewhere", "plan.txt", "plan.txt.tmp");
        }
    }

    @Test
    void shouldLeaveTheTargetAsItWasAndNoTemporaryFileWhenWritingFails() throws IOException {
        Path target = Files.writeString(directory.resolve("transfer.json"), "{\"old\":true}");

        assertThatThrownBy(() -> AtomicFile.write(target, out -> {
            out.write("{\"new\":");
            throw new IOException("disk full");
        })).hasMessage("disk full");

        assertThat(Files.readString(target)).isEqualTo("{\"old\":true}");
        try (var left = Files.list(directory)) {
            assertThat(left).containsExactly(target);
        }
    }

    @Test
    void shouldGiveAPrivateFileOnlyItsOwnersPermissionsAndTheExactBytes() throws IOException {
        Path target = directory.resolve("endpoints");

        AtomicFile.write(target, "control 127.0.0.1 4000 ab12\n", AtomicFile.PRIVATE);

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(target))).isEqualTo("rw-------");
        assertThat(Files.readAllBytes(target)).isEqualTo("control 127.0.0.1 4000 ab12\n".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void shouldCommitWhatAContentWriterThatClosesItsWriterWrote() throws IOException {
        Path target = directory.resolve("prune-report.json");

        AtomicFile.write(target, out -> {
            out.write("{\"format\":1}");
            out.close(); // as a Jackson generator closes its target
        });

        assertThat(Files.readString(target)).isEqualTo("{\"format\":1}");
    }
}
