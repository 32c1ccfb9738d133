package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

import io.jenkins.plugins.zfsreplication.zfs.FakeZfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line against a zfs that prints one endless line: one error line, exit status 1, no memory spent on it. */
class EndlessOutputTest {

    @Test
    void shouldFailListWithOneLineInsteadOfGrowingWithTheLine(@TempDir Path dir) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int status = Main.run(new CliEnvironment(FakeZfs.onPath(dir, "yes | tr -d '\\n'"), new PrintWriter(out, true),
                new PrintWriter(err, true)), "list", "-r", "tank");

        assertThat(status).isEqualTo(1);
        assertThat(out.toString()).isEmpty();
        assertThat(err.toString().lines().toList()).containsExactly("error: zfs printed a line longer than 16 MiB "
                + "(starting 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy'): no zfs listing has one; "
                + "it was not used (a broken or compromised host?)");
    }
}
