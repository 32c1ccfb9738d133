package io.jenkins.plugins.zfsreplication.steps.shared;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.jboss.marshalling.Marshaller;
import org.jboss.marshalling.Marshalling;
import org.jboss.marshalling.MarshallingConfiguration;
import org.jboss.marshalling.ObjectResolver;
import org.jboss.marshalling.SimpleClassResolver;
import org.jboss.marshalling.Unmarshaller;
import org.jboss.marshalling.river.RiverMarshallerFactory;

/**
 * Writes an object graph as workflow-support writes a Pipeline's program.dat and reads it back as
 * it reads it (jenkinsci/workflow-support-plugin, {@code pickles/serialization/RiverWriter} and
 * {@code RiverReader}): a River marshaller from a default {@link MarshallingConfiguration} (no class
 * table, no class resolver, the default stream version) whose object resolver offers every object
 * to the pickle factories on the way out; an unmarshaller whose class resolver is a
 * {@link SimpleClassResolver} over Jenkins' class loader of all plugins (here the test's). No
 * pickle factory runs here: an object one would replace (a workspace, a launcher, a node, a secret
 * ...) is listed in the result instead, since a step's state has no business holding one.
 *
 * <p>Compiled against one version of JBoss Marshalling and loaded, with the version a test wants,
 * by {@link RiverVersions}: public, and with only JDK types in its signature, for that reason.
 */
public final class RiverProgramData implements Function<Object, Map<String, Object>> {
    /**
     * Types workflow-support's and workflow-durable-task-step's pickle factories replace, or that
     * cannot be written outside a remoting channel (launcher, listener), or the flow's owner.
     */
    static final Set<String> NOT_IN_PROGRAM_DATA = Set.of("hudson.FilePath", "hudson.Launcher",
            "hudson.model.TaskListener", "hudson.model.Run", "hudson.model.Node", "hudson.model.Computer",
            "hudson.model.Executor", "hudson.util.Secret", "hudson.slaves.WorkspaceList$Lease",
            "hudson.remoting.VirtualChannel", "org.jenkinsci.plugins.workflow.flow.FlowExecutionOwner");

    private final ClassLoader classes;

    public RiverProgramData(ClassLoader classes) {
        this.classes = classes;
    }

    /** @return "object": what was read back; "refused": the names of the types listed above met on the way out */
    @Override
    public Map<String, Object> apply(Object graph) {
        try {
            List<String> refused = new ArrayList<>();
            byte[] written = write(graph, refused);
            Map<String, Object> result = new LinkedHashMap<>();
            result.put("refused", refused);
            result.put("object", readBack(written));
            return result;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code graph} as program.dat holds it: what a test keeps of an earlier release's state. */
    public byte[] write(Object graph) throws IOException {
        return write(graph, new ArrayList<>());
    }

    /** What a controller reads back of {@code written}, program.dat's bytes. */
    public Object read(byte[] written) throws IOException, ClassNotFoundException {
        return readBack(written);
    }

    private static byte[] write(Object graph, List<String> refused) throws IOException {
        MarshallingConfiguration config = new MarshallingConfiguration();
        config.setObjectResolver(new ObjectResolver() {
            @Override
            public Object readResolve(Object replacement) {
                throw new IllegalStateException("the writer resolves nothing on the way in");
            }

            @Override
            public Object writeReplace(Object original) {
                String type = pickled(original.getClass());
                if (type != null) {
                    refused.add(type + " (" + original.getClass().getName() + ")");
                }
                return original;
            }
        });
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Marshaller marshaller = new RiverMarshallerFactory().createMarshaller(config);
        marshaller.start(Marshalling.createByteOutput(bytes));
        marshaller.writeObject(graph);
        marshaller.finish();
        return bytes.toByteArray();
    }

    private Object readBack(byte[] written) throws IOException, ClassNotFoundException {
        MarshallingConfiguration config = new MarshallingConfiguration();
        config.setClassResolver(new SimpleClassResolver(classes));
        config.setObjectResolver(new ObjectResolver() {
            @Override
            public Object readResolve(Object replacement) {
                return replacement;
            }

            @Override
            public Object writeReplace(Object original) {
                throw new IllegalStateException("the reader writes nothing");
            }
        });
        Unmarshaller unmarshaller = new RiverMarshallerFactory().createUnmarshaller(config);
        unmarshaller.start(Marshalling.createByteInput(new ByteArrayInputStream(written)));
        try {
            return unmarshaller.readObject();
        } finally {
            unmarshaller.finish();
        }
    }

    /** The first of {@link #NOT_IN_PROGRAM_DATA} that {@code type} is or extends, or null. */
    private static String pickled(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            if (NOT_IN_PROGRAM_DATA.contains(c.getName())) {
                return c.getName();
            }
            for (Class<?> i : c.getInterfaces()) {
                String found = pickled(i);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }
}
