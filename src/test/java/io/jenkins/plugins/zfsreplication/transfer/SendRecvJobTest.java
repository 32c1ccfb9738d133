package io.jenkins.plugins.zfsreplication.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.jenkins.plugins.zfsreplication.zfs.End;
import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import org.junit.jupiter.api.Test;

class SendRecvJobTest {
    @Test
    void shouldGiveTheTargetsZfsCommandsOverSshTheConnectTimeoutBeforeTheUsersOptions() {
        List<List<String>> started = new ArrayList<>();
        CommandRunner here = new CommandRunner() {
            @Override
            public CommandResult run(List<String> command, Duration timeout) {
                started.add(command);
                return new CommandResult(command, 0, "", "");
            }

            @Override
            public String host() {
                return "local";
            }
        };
        var zfs = new End.OverSsh("backup@nas", List.of("-p", "2222")).zfs(here);

        zfs.exists(DatasetName.of("backup/home"));

        assertThat(started).hasSize(1);
        assertThat(started.get(0)).containsExactly("ssh", "-o", "BatchMode=yes", "-p", "2222", "-o",
                "ConnectTimeout=30", "backup@nas", "--", "'env' 'LC_ALL=C' 'zfs' 'list' '-H' '-o' 'name' 'backup/home'");
    }
}
