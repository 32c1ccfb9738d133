package io.jenkins.plugins.zfsreplication.verify;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.Random;

/**
 * Builds sparse test files: a size, seeded random data at given extents, explicit zeros at
 * others (allocated but zero), holes everywhere else.
 */
final class SparseFixture {
    private final Path path;
    private final RandomAccessFile file;
    private final Random random;

    private SparseFixture(Path path, long seed) throws IOException {
        this.path = path;
        this.file = new RandomAccessFile(path.toFile(), "rw");
        this.random = new Random(seed);
    }

    static SparseFixture create(Path path, long seed) {
        try {
            return new SparseFixture(path, seed);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    SparseFixture data(long offset, int length) {
        byte[] bytes = new byte[length];
        random.nextBytes(bytes);
        return write(offset, bytes);
    }

    SparseFixture zeros(long offset, int length) {
        return write(offset, new byte[length]);
    }

    private SparseFixture write(long offset, byte[] bytes) {
        try {
            file.seek(offset);
            file.write(bytes);
            return this;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Sets the final size (a longer size adds a hole at the end) and closes the file. */
    Path size(long size) {
        try (RandomAccessFile closing = file) {
            closing.setLength(size);
            return path;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
