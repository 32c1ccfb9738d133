package io.jenkins.plugins.zfsreplication.verify;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

import io.jenkins.plugins.zfsreplication.files.InputFile;
import io.jenkins.plugins.zfsreplication.files.InputFileException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Small helpers for callers that accept either a manifest or a path to hash. */
public final class Manifests {
    private Manifests() {
    }

    /** True when {@code path} is a regular file that starts with this tool's manifest header. */
    public static boolean hasHeader(Path path) {
        if (!Files.isRegularFile(path)) {
            return false;
        }
        byte[] first = ManifestHeader.FIRST_LINE.getBytes(StandardCharsets.ISO_8859_1);
        try (InputFile file = InputFile.open(path, "the manifest"); InputStream in = file.stream()) {
            return Arrays.equals(in.readNBytes(first.length), first);
        } catch (InputFileException | IOException e) {
            return false;
        }
    }

    /** Options that hash like {@code header}; sparse mode and threads come from {@code base}. */
    public static VerifyOptions optionsOf(ManifestHeader header, VerifyOptions base) {
        return new VerifyOptions(header.blockSize(), header.count(), header.hash(), base.sparse(), base.threads());
    }
}
