/**
 * Every operation the GraphQL tests send, typed by the client preset (`npm run codegen` writes
 * test/graphql/generated/ from these).
 */
import { graphql } from './generated/gql.js';

export const TaskFieldsFragment = graphql(`
  fragment TaskFields on Task {
    id
    title
    description
    dueAt
    priority
    status
    reminder
    nextReminderAt
    remindBefore
    createdAt
    updatedAt
    completedAt
  }
`);

export const MeQuery = graphql(`
  query Me {
    me {
      id
      timeZone
    }
  }
`);

export const TaskQuery = graphql(`
  query Task($id: ID!) {
    task(id: $id) {
      ...TaskFields
      reminderSchedule {
        offset
        offsetMinutes
        fireAt
        state
      }
    }
  }
`);

export const TasksQuery = graphql(`
  query Tasks($filter: TaskFilter, $orderBy: TaskOrder, $first: Int, $after: String) {
    tasks(filter: $filter, orderBy: $orderBy, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          ...TaskFields
        }
      }
    }
  }
`);

export const TasksWithRemindersQuery = graphql(`
  query TasksWithReminders($first: Int) {
    tasks(first: $first) {
      edges {
        node {
          id
          title
          reminder
          nextReminderAt
          reminderSchedule {
            offsetMinutes
            fireAt
            state
          }
        }
      }
    }
  }
`);

export const TasksWithNextReminderQuery = graphql(`
  query TasksWithNextReminder($first: Int) {
    tasks(first: $first) {
      edges {
        node {
          id
          nextReminderAt
        }
      }
    }
  }
`);

export const TodayQuery = graphql(`
  query Today($timeZone: String, $first: Int, $after: String) {
    today(timeZone: $timeZone, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          title
          dueAt
        }
      }
    }
  }
`);

export const CreateTaskMutation = graphql(`
  mutation CreateTask($input: CreateTaskInput!) {
    createTask(input: $input) {
      ...TaskFields
    }
  }
`);

export const UpdateTaskMutation = graphql(`
  mutation UpdateTask($input: UpdateTaskInput!) {
    updateTask(input: $input) {
      ...TaskFields
    }
  }
`);

export const CompleteTaskMutation = graphql(`
  mutation CompleteTask($id: ID!) {
    completeTask(id: $id) {
      ...TaskFields
    }
  }
`);

export const ReopenTaskMutation = graphql(`
  mutation ReopenTask($id: ID!) {
    reopenTask(id: $id) {
      ...TaskFields
    }
  }
`);

export const DeleteTaskMutation = graphql(`
  mutation DeleteTask($id: ID!) {
    deleteTask(id: $id) {
      ...TaskFields
    }
  }
`);

export const SetTimeZoneMutation = graphql(`
  mutation SetTimeZone($timeZone: String!) {
    setTimeZone(timeZone: $timeZone) {
      id
      timeZone
    }
  }
`);

export const TaskChangedSubscription = graphql(`
  subscription TaskChanged {
    taskChanged {
      id
      type
      occurredAt
      task {
        ...TaskFields
      }
    }
  }
`);

export const ReminderDueSubscription = graphql(`
  subscription ReminderDue {
    reminderDue {
      id
      occurredAt
      offset
      plannedAt
      firedAt
      lateSeconds
      late
      task {
        ...TaskFields
      }
    }
  }
`);

export const CaptureTaskMutation = graphql(`
  mutation CaptureTask($input: CaptureTaskInput!) {
    captureTask(input: $input) {
      title
      description
      date
      time
      dueAt
      reminder
      remindBefore
      source
      transcript
      extractedText
      confidence
    }
  }
`);

export const TaskChangedWithScheduleSubscription = graphql(`
  subscription TaskChangedWithSchedule {
    taskChanged {
      type
      task {
        id
        reminder
        nextReminderAt
        reminderSchedule {
          state
          fireAt
        }
      }
    }
  }
`);
