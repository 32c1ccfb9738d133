package io.jenkins.plugins.zfsreplication.verify;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writes a whole file under a temporary name and renames it, so readers never see half of it. */
public final class AtomicFiles {
    private AtomicFiles() {
    }

    public static void write(Path target, String content) {
        Path absolute = target.toAbsolutePath();
        Path temporary = null;
        try {
            temporary = Files.createTempFile(absolute.getParent(), "." + absolute.getFileName(), ".tmp");
            Files.writeString(temporary, content, StandardCharsets.UTF_8);
            Files.move(temporary, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            if (temporary != null) {
                try {
                    Files.deleteIfExists(temporary);
                } catch (IOException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw new VerifyException(e, "Cannot write %s: %s. Check that its directory exists and is writable.",
                    target, e.getMessage());
        }
    }
}
