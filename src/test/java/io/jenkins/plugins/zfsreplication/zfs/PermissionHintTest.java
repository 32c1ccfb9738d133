package io.jenkins.plugins.zfsreplication.zfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The {@code zfs allow} advice for refused commands.
 *
 * <p>zfs-fuse does not enforce delegation (a non-root user that reaches its socket may snapshot,
 * send and destroy: tried by hand), so it cannot produce a genuine "permission denied". The
 * refusals below are therefore FIXTURES TRANSCRIBED FROM THE OPENZFS SOURCES: libzfs prints
 * {@code "%s: %s"} with the action of the failing call ("cannot create snapshot '%s'",
 * "warning: cannot send '%s'", "cannot receive new filesystem stream", "cannot destroy '%s'",
 * "cannot hold snapshot '%s'", "cannot release hold from snapshot '%s'", "cannot rollback '%s'",
 * "cannot set property for '%s'") and, for EPERM/EACCES, the description "permission denied"
 * (lib/libzfs/libzfs_util.c, zfs_common_error); for ECANCELED "delegated administration is
 * disabled on pool". The permissions expected are those of the table in zfs-allow(8). The one
 * genuine refusal zfs-fuse gives, a user who cannot reach the daemon at all, is tested for real.
 */
class PermissionHintTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            zfs snapshot tank/data@nightly-1       | cannot create snapshot 'tank/data@nightly-1': permission denied | snapshot,mount         | tank/data
            zfs send -i tank/data@a tank/data@b    | warning: cannot send 'tank/data@b': permission denied           | send                   | tank/data
            zfs recv -u -F backup/tank/data        | cannot receive new filesystem stream: permission denied         | receive,create,mount   | backup/tank
            zfs receive -u backup/tank/data        | cannot receive incremental stream: permission denied            | receive,create,mount   | backup/tank
            zfs destroy tank/data@old              | cannot destroy 'tank/data@old': permission denied               | destroy,mount          | tank/data
            zfs hold keep tank/data@a              | cannot hold snapshot 'tank/data@a': permission denied           | hold                   | tank/data
            zfs release keep tank/data@a           | cannot release hold from snapshot 'tank/data@a': permission denied | release             | tank/data
            zfs rollback -r tank/data@a            | cannot rollback 'tank/data': permission denied                  | rollback,mount         | tank/data
            zfs set zfs-replication:keep=7 tank/data | cannot set property for 'tank/data': permission denied        | userprop               | tank/data
            zfs set readonly=on backup/data        | cannot set property for 'backup/data': permission denied        | readonly               | backup/data
            """)
    void shouldNameTheMissingPermissionAndTheGrantingCommand(String command, String refusal, String permissions,
            String dataset) {
        List<String> argv = List.of(command.split(" "));

        ZfsCommandException e = new ZfsCommandException(argv, 1, refusal + "\n", "backup");

        String plural = permissions.contains(",") ? "s" : "";
        assertThat(e).hasMessage("'%s' failed with exit status 1: %s. user 'backup' lacks the delegated ZFS "
                + "permission%s %s for 'zfs %s'; as root run: zfs allow -u backup %s %s", command, refusal, plural,
                permissions, argv.get(1), permissions, dataset);
        assertThat(e.getZfsMessage()).isEqualTo(refusal);
    }

    @Test
    void shouldSayHowToTurnOnDelegationWhenThePoolHasItOff() {
        assertThat(PermissionHint.forFailure(List.of("zfs", "snapshot", "tank/data@x"),
                "cannot create snapshot 'tank/data@x': delegated administration is disabled on pool", "backup"))
                .contains("delegation is off on pool 'tank': as root run 'zpool set delegation=on tank'");
    }

    @Test
    void shouldAddNothingToFailuresThatAreNoRefusal() {
        assertThat(PermissionHint.forFailure(List.of("zfs", "destroy", "tank/x"),
                "cannot open 'tank/x': dataset does not exist", "backup")).isEmpty();
        assertThat(PermissionHint.forFailure(List.of("zfs", "list", "tank"),
                "cannot open 'tank': permission denied", "backup"))
                .as("list needs no delegated permission: no grant to suggest").isEmpty();
        assertThat(new ZfsCommandException(List.of("zfs", "destroy", "tank/x"), 1,
                "cannot open 'tank/x': dataset does not exist", "backup"))
                .hasMessage("'zfs destroy tank/x' failed with exit status 1: cannot open 'tank/x': dataset does not exist");
    }

    @Test
    void shouldSayThatDelegationCannotHelpWhenModernZfsIsClosedToTheUser() {
        // transcribed from libzfs_error_init (lib/libzfs/libzfs_util.c), EACCES on /dev/zfs
        assertThat(PermissionHint.forFailure(List.of("zfs", "snapshot", "tank/a@b"),
                "Permission denied the ZFS utilities must be run as root.", "backup"))
                .hasValueSatisfying(hint -> assertThat(hint).startsWith("user 'backup' cannot reach ZFS at all"));
    }

    /** Real: "nobody" runs zfs against the zfs-fuse daemon, whose socket directory is root's alone. */
    @Test
    void shouldExplainAGenuineRefusalByTheZfsFuseDaemon() {
        assumeThat(Files.exists(Path.of("/run/zfs/zfs_socket"))).as("zfs-fuse daemon running").isTrue();
        assumeThat(System.getProperty("user.name")).as("needs root to change user").isEqualTo("root");
        CommandResult result = new ProcessCommandRunner().run(List.of("setpriv", "--reuid=65534", "--regid=65534",
                "--clear-groups", "zfs", "list"), Duration.ofMinutes(1));

        assertThat(result.exitStatus()).isNotZero();
        ZfsCommandException e = new ZfsCommandException(List.of("zfs", "list"), result.exitStatus(), result.stderr(),
                "nobody");
        assertThat(e.getMessage()).contains("connect: Permission denied")
                .endsWith(". user 'nobody' cannot reach ZFS at all (the ZFS device or the zfs-fuse socket is closed "
                        + "to it); zfs allow cannot help there: run the agent as a user that may open /dev/zfs "
                        + "(OpenZFS on Linux opens it to all users) or as root");
    }
}
