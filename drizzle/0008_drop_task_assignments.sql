-- Every assignment was also written here and nothing ever read it: tasks.assigned_to is the
-- one record of who holds a task (issue 13).
DROP TABLE "task_assignments" CASCADE;