package io.jenkins.plugins.zfsreplication.verify;

import java.io.BufferedReader;
import java.io.IOException;
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
        try (BufferedReader reader = Files.newBufferedReader(path, StandardCharsets.ISO_8859_1)) {
            char[] start = new char[ManifestHeader.FIRST_LINE.length()];
            int n = reader.read(start);
            return n == start.length && new String(start).equals(ManifestHeader.FIRST_LINE);
        } catch (IOException e) {
            return false;
        }
    }

    /** Options that hash like {@code header}; sparse mode and threads come from {@code base}. */
    public static VerifyOptions optionsOf(ManifestHeader header, VerifyOptions base) {
        return new VerifyOptions(header.blockSize(), header.count(), header.hash(), base.sparse(), base.threads());
    }
}
