package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;

import io.jenkins.plugins.zfsreplication.steps.shared.StepDefaults;
import io.jenkins.plugins.zfsreplication.topology.Carriage;
import io.jenkins.plugins.zfsreplication.topology.Topology;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import io.jenkins.plugins.zfsreplication.zfs.End;

/**
 * zfsSendRecv's transport in its two Pipeline forms, {@code transport: ssh(host: ...)} and the string
 * form {@code transport: 'ssh', sshHost: ...} of older Jenkinsfiles, bound as Pipeline binds a step,
 * and the string form set from Java: each reaches the same runner (settings, credential, target), and
 * the topology the engine runs is the one written out here.
 */
class TransportFormsTest {
    /** A system configuration that pushes over ssh by default, with a key of its own. */
    private static final StepDefaults PUSHING = new StepDefaults("xxh64", "1M", 2, "ssh", "push-key");

    @Test
    void shouldRunSshTheSameInEveryForm() {
        TransportSsh ssh = new TransportSsh("backup@nas");
        ssh.setCredentialsId("nas-key");
        ssh.setOptions("-p 2222");
        ZfsSendRecvStep object = bind(Map.of("plan", "plan.json", "transport", ssh, "concurrency", 3));
        ZfsSendRecvStep string = bind(Map.of("plan", "plan.json", "transport", "ssh", "sshHost", "backup@nas",
                "sshCredentialsId", "nas-key", "sshOptions", "-p 2222", "concurrency", 3));
        ZfsSendRecvStep java = new ZfsSendRecvStep("plan.json");
        java.setTransport("ssh");
        java.setSshHost("backup@nas");
        java.setSshCredentialsId("nas-key");
        java.setSshOptions("-p 2222");
        java.setConcurrency(3);

        SendRecvRunner runner = (SendRecvRunner) object.runner(PUSHING);
        assertThat(string.runner(PUSHING)).isEqualTo(runner);
        assertThat(java.runner(PUSHING)).isEqualTo(runner);
        assertThat(runner.credentialsId()).isEqualTo("nas-key");
        assertThat(topology(runner)).isEqualTo(new Topology(new End.ThisHost(),
                new End.OverSsh("backup@nas", List.of("-p", "2222")), Carriage.SSH));
        // what the snippet generator reads back binds to the same step
        assertThat(java.getTransport()).isEqualTo(ssh);
        assertThat(string.getTransport()).isEqualTo(ssh);
    }

    @Test
    void shouldRunTcpTheSameInEveryForm() {
        TransportTcp tcp = new TransportTcp("nas-b", "10.0.0.7");
        tcp.setPort(9000);
        tcp.setTargetRoot("backup");
        ZfsSendRecvStep object = bind(Map.of("plan", "plan.json", "transport", tcp));
        // a port from Groovy may arrive as text: DescribableModel coerces it for an int parameter
        ZfsSendRecvStep string = bind(Map.of("plan", "plan.json", "transport", "tcp", "targetAgent", "nas-b",
                "tcpAddress", "10.0.0.7", "tcpPort", "9000", "targetRoot", "backup"));
        ZfsSendRecvStep java = new ZfsSendRecvStep("plan.json");
        java.setTransport("tcp");
        java.setTargetAgent("nas-b");
        java.setTcpAddress("10.0.0.7");
        java.setTcpPort(9000);
        java.setTargetRoot("backup");

        SendRecvRunner runner = (SendRecvRunner) object.runner(PUSHING);
        assertThat(string.runner(PUSHING)).isEqualTo(runner);
        assertThat(java.runner(PUSHING)).isEqualTo(runner);
        assertThat(runner.target()).isEqualTo(new SendRecvTarget("nas-b", "10.0.0.7", 9000, ""));
        assertThat(runner.targetRoot()).isEqualTo("backup");
        assertThat(topology(runner)).isEqualTo(new Topology(new End.ThisHost(), new End.Elsewhere("nas-b"),
                Carriage.TCP));
        assertThat(java.getTransport()).isEqualTo(tcp);
    }

    @Test
    void shouldRunLocalAndPullTheSameInEveryForm() {
        ZfsSendRecvStep object = bind(Map.of("plan", "plan.json", "transport", new TransportLocal()));
        ZfsSendRecvStep string = bind(Map.of("plan", "plan.json", "transport", "local"));
        assertThat(string.runner(PUSHING)).isEqualTo(object.runner(PUSHING));
        assertThat(topology((SendRecvRunner) object.runner(PUSHING))).isEqualTo(Topology.local());

        // pulling: local() with the source host's ssh fields beside it, as in the string form
        Map<String, Object> pull = Map.of("plan", "plan.json", "sourceHost", "backup@src", "sshOptions", "-p 22",
                "sshCredentialsId", "src-key");
        SendRecvRunner pulled = (SendRecvRunner) bind(with(pull, "transport", new TransportLocal())).runner(PUSHING);
        assertThat(bind(with(pull, "transport", "local")).runner(PUSHING)).isEqualTo(pulled);
        assertThat(bind(with(pull, "transport", "")).runner(PUSHING)).isEqualTo(pulled);
        assertThat(pulled.credentialsId()).isEqualTo("src-key");
        assertThat(topology(pulled)).isEqualTo(new Topology(new End.OverSsh("backup@src", List.of("-p", "22")),
                new End.ThisHost(), Carriage.SSH));
    }

    @Test
    void shouldLeaveAnEmptyTransportToTheSystemConfiguration() {
        // transport: '' and no transport at all: the system's ssh, with the step's sshHost and the system's key
        ZfsSendRecvStep empty = bind(Map.of("plan", "plan.json", "transport", "", "sshHost", "nas"));
        ZfsSendRecvStep none = bind(Map.of("plan", "plan.json", "sshHost", "nas"));
        SendRecvRunner runner = (SendRecvRunner) none.runner(PUSHING);
        assertThat(empty.runner(PUSHING)).isEqualTo(runner);
        assertThat(runner.settings().carriage()).isEqualTo(Carriage.SSH);
        assertThat(runner.credentialsId()).isEqualTo("push-key");
        assertThat(none.getTransport()).isNull();
        // the form's "system default" choice is no value either
        ZfsSendRecvStep configured = bind(Map.of("plan", "plan.json", "transport", new TransportConfigured(),
                "sshHost", "nas"));
        assertThat(configured.runner(PUSHING)).isEqualTo(runner);
        assertThat(configured.getTransport()).isNull();
    }

    @Test
    void shouldRefuseAnUnknownWordAsTheSettingsDo() {
        ZfsSendRecvStep java = new ZfsSendRecvStep("plan.json");
        java.setTransport("ftp");
        Throwable settings = org.assertj.core.api.Assertions.catchThrowable(() -> java.settings(PUSHING));

        assertThatThrownBy(() -> bind(Map.of("plan", "plan.json", "transport", "ftp")))
                .isInstanceOf(TransferException.class).hasMessage(settings.getMessage())
                .hasMessageStartingWith("Unknown transport 'ftp'");
    }

    @Test
    void shouldRefuseAValueGivenInsideTheChoiceAndDifferentlyBesideIt() {
        ZfsSendRecvStep twoHosts = bind(Map.of("plan", "plan.json", "transport", new TransportSsh("nas-a"),
                "sshHost", "nas-b"));
        assertThatThrownBy(() -> twoHosts.runner(PUSHING)).isInstanceOf(TransferException.class)
                .hasMessage("zfsSendRecv: sshHost 'nas-b' and transport: ssh give two values: give it once, inside ssh(...)");
        ZfsSendRecvStep twoPorts = bind(Map.of("plan", "plan.json", "transport", new TransportTcp("nas-b", "10.0.0.7"),
                "tcpPort", 9000));
        assertThatThrownBy(() -> twoPorts.runner(PUSHING)).isInstanceOf(TransferException.class)
                .hasMessage("zfsSendRecv: tcpPort '9000' and transport: tcp give two values: give it once, inside tcp(...)");
        // the same value beside it (a form saved from an older configuration) is one value
        ZfsSendRecvStep same = bind(Map.of("plan", "plan.json", "transport", new TransportSsh("nas-a"),
                "sshHost", "nas-a"));
        assertThat(same.runner(PUSHING)).isEqualTo(bind(Map.of("plan", "plan.json", "transport", "ssh",
                "sshHost", "nas-a")).runner(PUSHING));
    }

    private static Topology topology(SendRecvRunner runner) {
        SendRecvSettings settings = runner.settings();
        return settings.topology(settings.sshDestination(), settings.sshOptionList(), runner.target().agent());
    }

    private static Map<String, Object> with(Map<String, Object> arguments, String name, Object value) {
        Map<String, Object> more = new HashMap<>(arguments);
        more.put(name, value);
        return more;
    }

    /**
     * As Pipeline binds a step (structs' DescribableModel.instantiate): the descriptor's
     * customInstantiate on the arguments made immutable, the {@code @DataBoundConstructor}'s parameters
     * by name, then each {@code @DataBoundSetter} named; a value reaches a parameter of its own type
     * (the object form arrives instantiated: DescribableModel instantiates {@code ssh(...)} for a
     * parameter typed as its base class), text is coerced to an int as DescribableModel does, any other
     * mismatch fails as it does there.
     */
    static ZfsSendRecvStep bind(Map<String, Object> arguments) {
        Map<String, Object> given = new LinkedHashMap<>(
                new ZfsSendRecvStep.DescriptorImpl().customInstantiate(Map.copyOf(arguments)));
        try {
            ZfsSendRecvStep step = null;
            for (Constructor<?> constructor : ZfsSendRecvStep.class.getConstructors()) {
                if (constructor.isAnnotationPresent(DataBoundConstructor.class)) {
                    Parameter[] parameters = constructor.getParameters();
                    Object[] values = new Object[parameters.length];
                    for (int i = 0; i < parameters.length; i++) {
                        values[i] = given.remove(parameters[i].getName());
                    }
                    step = (ZfsSendRecvStep) constructor.newInstance(values);
                }
            }
            for (Map.Entry<String, Object> argument : given.entrySet()) {
                Method setter = setter(argument.getKey());
                Class<?> type = setter.getParameterTypes()[0];
                Object value = argument.getValue();
                if (type == int.class && value instanceof String text) {
                    value = Integer.valueOf(text);
                }
                if (!(type.isPrimitive() ? value instanceof Integer || value instanceof Boolean : type.isInstance(value))) {
                    throw new ClassCastException(argument.getKey() + " expects " + type + " but received "
                            + value.getClass());
                }
                setter.invoke(step, value);
            }
            return step;
        } catch (ReflectiveOperationException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(e);
        }
    }

    private static Method setter(String name) {
        String method = "set" + Character.toUpperCase(name.charAt(0)) + name.substring(1);
        for (Method candidate : ZfsSendRecvStep.class.getMethods()) {
            if (candidate.getName().equals(method) && candidate.isAnnotationPresent(DataBoundSetter.class)) {
                return candidate;
            }
        }
        throw new IllegalArgumentException("zfsSendRecv has no parameter " + name);
    }
}
