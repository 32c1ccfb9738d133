package io.jenkins.plugins.zfsreplication.zfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

/** plan.json's host names read as ends and back, and each end's zfs runner. */
class EndTest {
    @Test
    void shouldReadEveryKindOfPlanHostAndWriteItBack() {
        assertThat(End.ofPlanHost("local")).isEqualTo(new End.ThisHost());
        assertThat(End.ofPlanHost("agent:nas-b")).isEqualTo(new End.Elsewhere("nas-b"));
        assertThat(End.ofPlanHost("backup@nas.example.org"))
                .isEqualTo(new End.OverSsh("backup@nas.example.org", List.of()));
        for (String host : List.of("local", "agent:nas-b", "backup@nas.example.org", "10.0.0.7", "[::1]")) {
            assertThat(End.ofPlanHost(host).planHost()).isEqualTo(host);
        }
    }

    @Test
    void shouldTrustOnlyThisHost() {
        assertThat(End.ofPlanHost("local").isThisHost()).isTrue();
        assertThat(End.ofPlanHost("agent:local").isThisHost()).isFalse();
        assertThat(End.ofPlanHost("localhost").isThisHost()).isFalse();
        assertThat(End.ofPlanHost("storage").isThisHost()).isFalse();
    }

    @Test
    void shouldRefuseABadHostWithOneLineNamingIt() {
        assertThatThrownBy(() -> End.ofPlanHost("-oProxyCommand=x")).isInstanceOf(ZfsException.class)
                .hasMessage("Invalid ssh destination '-oProxyCommand=x': use host or user@host");
        assertThatThrownBy(() -> End.ofPlanHost("remote sender")).isInstanceOf(ZfsException.class)
                .hasMessage("Invalid ssh destination 'remote sender': use host or user@host");
        assertThatThrownBy(() -> End.ofPlanHost("agent:")).isInstanceOf(ZfsException.class)
                .hasMessage("A host the orchestrator runs an end on needs a name");
    }

    @Test
    void shouldRunThisHostsZfsThroughTheLocalRunnerAndAnotherOverSsh() {
        ProcessCommandRunner local = new ProcessCommandRunner();
        assertThat(new End.ThisHost().zfs(local).runner()).isSameAs(local);

        Zfs remote = new End.OverSsh("backup@nas", List.of("-p", "2222")).zfs(local);
        assertThat(remote.host()).isEqualTo("backup@nas");
        List<String> argv = ((SshCommandRunner) remote.runner()).wrap(List.of("zfs", "list"));
        assertThat(argv.subList(0, 5)).containsExactly("ssh", "-o", "BatchMode=yes", "-p", "2222");
        assertThat(argv.subList(argv.size() - 3, argv.size() - 1)).containsExactly("backup@nas", "--");
        assertThat(argv.get(argv.size() - 1)).endsWith("'zfs' 'list'");

        assertThatThrownBy(() -> new End.Elsewhere("nas-b").zfs(local)).isInstanceOf(ZfsException.class)
                .hasMessage("The zfs of nas-b runs there, started by the orchestrator, not from this host");
    }

    @Test
    void shouldKeepItsSshOptionsFromChangesOfTheGivenList() {
        List<String> options = new java.util.ArrayList<>(List.of("-p", "2222"));
        End.OverSsh end = new End.OverSsh("nas", options);
        options.add("-v");
        assertThat(end.sshOptions()).containsExactly("-p", "2222");
    }
}
