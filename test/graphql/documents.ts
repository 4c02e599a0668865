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
      reminder {
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
          reminder {
            offsetMinutes
            fireAt
            state
          }
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
